import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Request, RequestHandler } from 'express';
import type { TeamPrincipal } from '../../app/shared/principal.js';
import type { OAuthUrls } from './metadata.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified access token of a request that passed the bearer check in front of `/mcp`. */
    auth?: AuthInfo;
  }
}

/** The token of an `Authorization: Bearer …` header, or the SDK's InvalidTokenError naming what is wrong. */
function bearerToken(header: string | undefined): string {
  if (!header) throw new InvalidTokenError('Missing Authorization header');
  const [type, token] = header.split(' ');
  if (type?.toLowerCase() !== 'bearer' || !token) throw new InvalidTokenError("Invalid Authorization header format, expected 'Bearer TOKEN'");
  return token;
}

/** The verifier's answer for the token, refused unless it was issued for this resource and has not expired. */
async function verified(verifier: OAuthTokenVerifier, token: string, resource: string): Promise<AuthInfo> {
  const info = await verifier.verifyAccessToken(token);
  if (info.resource === undefined || info.resource.href.replace(/\/$/, '') !== resource.replace(/\/$/, '')) {
    throw new InvalidTokenError('Token was not issued for this resource');
  }
  if (typeof info.expiresAt !== 'number' || info.expiresAt < Date.now() / 1000) throw new InvalidTokenError('Token has expired');
  return info;
}

/**
 * The bearer check for `/mcp`: the SDK's token verification (our provider as its `OAuthTokenVerifier`, its
 * `InvalidTokenError` and error body) behind the exact challenge the MCP authorization spec prescribes, which leaves out the
 * SDK's `error_description`. A missing, unknown (REST API keys included), expired or revoked token is answered 401.
 */
export function createBearerAuth(verifier: OAuthTokenVerifier, urls: OAuthUrls): RequestHandler {
  const challenge = `Bearer error="invalid_token", resource_metadata="${urls.resourceMetadata}"`;
  return async (request, response, next) => {
    try {
      request.auth = await verified(verifier, bearerToken(request.headers.authorization), urls.protectedResource);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      response.status(401).setHeader('WWW-Authenticate', challenge).json(error.toResponseObject());
      return;
    }
    next();
  };
}

/** The caller of a request that passed the bearer check: its token's team, permission and workspaces. */
export function accessTokenPrincipal(request: Request): TeamPrincipal {
  const principal = request.auth?.extra?.principal as TeamPrincipal | undefined;
  if (principal?.kind !== 'accessToken') throw new Error('accessTokenPrincipal needs a request that passed the bearer check');
  return principal;
}
