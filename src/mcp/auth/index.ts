import { authorizationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { revocationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/revoke.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import express, { type RequestHandler } from 'express';
import type { SignInThrottle } from '../../app/signIn/throttle.js';
import type { Services } from '../../app/shared/services.js';
import { createBearerAuth } from './bearerAuth.js';
import { hashPresentedClientSecret } from './clientsStore.js';
import { exactRedirectUri } from './exactRedirectUri.js';
import { authorizationServerMetadata, OAUTH_PATHS, oauthUrls, protectedResourceMetadata, type OAuthUrls } from './metadata.js';
import { GeolensOAuthProvider } from './provider.js';

export { accessTokenPrincipal } from './bearerAuth.js';
export type { OAuthUrls } from './metadata.js';

export interface OAuth {
  /** Discovery documents and /authorize, /token, /register, /revoke: mount at the root of the app. */
  router: RequestHandler;
  /** Put in front of `/mcp`: 401 with the prescribed challenge, or `req.auth` with the caller (`accessTokenPrincipal`). */
  bearerAuth: RequestHandler;
  urls: OAuthUrls;
}

/** Per client address, on every OAuth endpoint: at least 1,000 requests per 15 minutes. */
const RATE_LIMIT = { windowMs: 15 * 60 * 1000, limit: 1000 };

/**
 * geolens's own OAuth 2.1 authorization server for its MCP endpoint, assembled from the MCP SDK's handlers
 * (the same ones `mcpAuthRouter` mounts, at the same paths) around discovery documents of our own, which
 * follow the MCP authorization spec exactly.
 */
export function createOAuth({ services, baseUrl, throttle }: { services: Services; baseUrl: string; throttle: SignInThrottle }): OAuth {
  const urls = oauthUrls(baseUrl);
  const provider = new GeolensOAuthProvider(services, urls, throttle);
  const router = express.Router();
  router.use('/.well-known/oauth-protected-resource/mcp', metadataHandler(protectedResourceMetadata(urls)));
  router.use('/.well-known/oauth-authorization-server', metadataHandler(authorizationServerMetadata(urls)));
  router.use(OAUTH_PATHS.authorize, exactRedirectUri(services), authorizationHandler({ provider, rateLimit: RATE_LIMIT }));
  router.use(OAUTH_PATHS.token, hashPresentedClientSecret, tokenHandler({ provider, rateLimit: RATE_LIMIT }));
  router.use(
    OAUTH_PATHS.register,
    clientRegistrationHandler({ clientsStore: provider.clientsStore, clientSecretExpirySeconds: 0, clientIdGeneration: false, rateLimit: RATE_LIMIT }),
  );
  router.use(OAUTH_PATHS.revoke, hashPresentedClientSecret, revocationHandler({ provider, rateLimit: RATE_LIMIT }));
  return { router, bearerAuth: createBearerAuth(provider, urls), urls };
}
