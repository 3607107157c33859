import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { Request, RequestHandler, Response } from 'express';
import type { TeamPrincipal } from '../../app/shared/principal.js';
import type { OAuthUrls } from './metadata.js';

/**
 * The SDK's bearer check for `/mcp`: a missing, unknown (REST API keys included), expired or revoked token is
 * answered 401. interface.md prescribes the challenge exactly, where the SDK adds an `error_description`, so
 * while the check runs, the WWW-Authenticate header it sets is replaced by the prescribed one.
 */
export function createBearerAuth(verifier: OAuthTokenVerifier, urls: OAuthUrls): RequestHandler {
  const challenge = `Bearer error="invalid_token", resource_metadata="${urls.resourceMetadata}"`;
  const check = requireBearerAuth({ verifier, resourceMetadataUrl: urls.resourceMetadata, expectedResource: new URL(urls.protectedResource) });
  return (request, response, next) => {
    const setHeader = response.setHeader;
    response.setHeader = function (this: Response, name, value) {
      return setHeader.call(this, name, name.toLowerCase() === 'www-authenticate' ? challenge : value);
    };
    void check(request, response, (error?: unknown) => {
      response.setHeader = setHeader;
      next(error);
    });
  };
}

/** The caller of a request that passed the bearer check: its token's team, permission and workspaces. */
export function accessTokenPrincipal(request: Request): TeamPrincipal {
  const principal = request.auth?.extra?.principal as TeamPrincipal | undefined;
  if (principal?.kind !== 'accessToken') throw new Error('accessTokenPrincipal needs a request that passed the bearer check');
  return principal;
}
