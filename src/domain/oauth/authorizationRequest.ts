import type { RegisteredOAuthClient } from './client/events.js';
import { OAuthRefusal, UnregisteredRedirectUri } from './errors.js';
import { isOAuthScope, OAUTH_SCOPES, type OAuthScope } from './scopes.js';

/** An authorization request as it arrives, from the query or from the consent form's hidden fields. */
export interface AuthorizationRequest {
  redirectUri: string;
  /** The words of `scope`; none: every scope the client may request. */
  scopes: readonly string[];
  codeChallenge: string;
  /** The RFC 8707 `resource`, when sent. */
  resource: string | null;
}

export interface ValidAuthorizationRequest {
  redirectUri: string;
  scopes: OAuthScope[];
  codeChallenge: string;
  resource: string | null;
}

/** An S256 challenge is the base64url encoding of a SHA-256 digest, without padding (RFC 7636, 4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Checks a request against the client's registration, in the order the edge needs: the redirect URI first
 * (matched exactly, never loosened), so that every later refusal may be sent to it.
 */
export function validateAuthorizationRequest(
  client: RegisteredOAuthClient,
  request: AuthorizationRequest,
  protectedResource: string,
): ValidAuthorizationRequest {
  if (!client.redirectUris.includes(request.redirectUri)) throw new UnregisteredRedirectUri(request.redirectUri);
  if (!S256_CHALLENGE.test(request.codeChallenge)) {
    throw new OAuthRefusal('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the code verifier');
  }
  assertProtectedResource(request.resource, protectedResource);
  return { redirectUri: request.redirectUri, scopes: requestedScopes(client, request.scopes), codeChallenge: request.codeChallenge, resource: request.resource };
}

function requestedScopes(client: RegisteredOAuthClient, words: readonly string[]): OAuthScope[] {
  const allowed: readonly OAuthScope[] = client.scopes ?? OAUTH_SCOPES;
  if (words.length === 0) return [...allowed];
  const refused = words.filter((word) => !isOAuthScope(word) || !allowed.includes(word));
  if (refused.length > 0) throw new OAuthRefusal('invalid_scope', `scope ${refused.join(' ')} is not one this client may request (${allowed.join(' ')})`);
  return [...new Set(words as OAuthScope[])];
}

/** geolens protects one resource, its MCP endpoint: a `resource` parameter, when sent, must name it (RFC 8707). */
export function assertProtectedResource(resource: string | null, protectedResource: string): void {
  if (resource !== null && resource !== protectedResource) throw new OAuthRefusal('invalid_target', `resource must be ${protectedResource}`);
}
