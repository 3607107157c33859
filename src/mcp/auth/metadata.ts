import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { OAUTH_SCOPES } from '../../domain/oauth/scopes.js';

/** The URLs of geolens's OAuth server and of the resource it protects, all named after BASE_URL. */
export interface OAuthUrls {
  /** BASE_URL itself, without a trailing slash. */
  issuer: string;
  /** `{BASE_URL}/mcp` (RFC 8707 resource, RFC 9728 `resource`). */
  protectedResource: string;
  /** `{BASE_URL}/.well-known/oauth-protected-resource/mcp`, named in every 401's WWW-Authenticate. */
  resourceMetadata: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint: string;
  revocationEndpoint: string;
}

/** The paths the MCP SDK's auth router uses; geolens serves its endpoints at the same ones. */
export const OAUTH_PATHS = { authorize: '/authorize', token: '/token', register: '/register', revoke: '/revoke' } as const;

export function oauthUrls(baseUrl: string): OAuthUrls {
  const issuer = baseUrl.replace(/\/+$/, '');
  // As a URL serializes it, which is how the SDK hands over a request's `resource` for comparison.
  const protectedResource = new URL(`${issuer}/mcp`).href;
  return {
    issuer,
    protectedResource,
    resourceMetadata: getOAuthProtectedResourceMetadataUrl(new URL(protectedResource)),
    authorizationEndpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    tokenEndpoint: `${issuer}${OAUTH_PATHS.token}`,
    registrationEndpoint: `${issuer}${OAUTH_PATHS.register}`,
    revocationEndpoint: `${issuer}${OAUTH_PATHS.revoke}`,
  };
}

/** RFC 9728, exactly the fields docs/mcp.md lists. */
export const protectedResourceMetadata = (urls: OAuthUrls): OAuthProtectedResourceMetadata => ({
  resource: urls.protectedResource,
  authorization_servers: [urls.issuer],
  scopes_supported: [...OAUTH_SCOPES],
  bearer_methods_supported: ['header'],
});

/**
 * RFC 8414, exactly the fields docs/mcp.md lists. The SDK's `createOAuthMetadata` would name the issuer
 * with a trailing slash (a URL's href) where the contract says BASE_URL, hence this document of our own.
 */
export const authorizationServerMetadata = (urls: OAuthUrls): OAuthMetadata => ({
  issuer: urls.issuer,
  authorization_endpoint: urls.authorizationEndpoint,
  token_endpoint: urls.tokenEndpoint,
  registration_endpoint: urls.registrationEndpoint,
  revocation_endpoint: urls.revocationEndpoint,
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
  scopes_supported: [...OAUTH_SCOPES],
});
