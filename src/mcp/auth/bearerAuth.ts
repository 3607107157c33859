import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { Request, RequestHandler, Response } from 'express';
import type { TeamPrincipal } from '../../app/shared/principal.js';
import type { OAuthUrls } from './metadata.js';

/**
 * The SDK's bearer check for `/mcp`: a missing, unknown (REST API keys included), expired or revoked token is
 * answered 401. interface.md prescribes the challenge exactly, where the SDK adds an `error_description`, so
 * the header it sets on this response is replaced by the prescribed one.
 */
export function createBearerAuth(verifier: OAuthTokenVerifier, urls: OAuthUrls): RequestHandler {
  const challenge = `Bearer error="invalid_token", resource_metadata="${urls.resourceMetadata}"`;
  const check = requireBearerAuth({ verifier, resourceMetadataUrl: urls.resourceMetadata, expectedResource: new URL(urls.protectedResource) });
  return (request, response, next) => check(request, withPrescribedChallenge(response, challenge), next);
}

function withPrescribedChallenge(response: Response, challenge: string): Response {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'www-authenticate' ? challenge : value);
  return response;
}

/** The caller of a request that passed the bearer check: its token's team, permission and workspaces. */
export function accessTokenPrincipal(request: Request): TeamPrincipal {
  const principal = request.auth?.extra?.principal as TeamPrincipal | undefined;
  if (principal?.kind !== 'accessToken') throw new Error('accessTokenPrincipal needs a request that passed the bearer check');
  return principal;
}
