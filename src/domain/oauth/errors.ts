import { DomainError } from '../shared/errors.js';

/** The error codes of RFC 6749 (5.2), RFC 7591 (3.2.2) and RFC 8707 (2) that the domain decides. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_grant'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_client_metadata'
  | 'invalid_redirect_uri'
  | 'unauthorized_client';

/** A refused OAuth request: 400 with the RFC's error code, which the edge turns into the SDK's OAuth error. */
export class OAuthRefusal extends DomainError {
  readonly status = 400;
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The redirect URI of an authorization request is not one the client registered. The answer must not go to
 * it (it would make geolens an open redirector), so the edge answers this one itself instead of redirecting.
 */
export class UnregisteredRedirectUri extends OAuthRefusal {
  constructor(redirectUri: string) {
    super('invalid_request', `redirect_uri ${redirectUri} is not registered for this client`);
  }
}

/** A redeemed code presented again: the grant it started is revoked (OAuth 2.1, 4.1.3). */
export class AuthorizationCodeReplayed extends OAuthRefusal {
  constructor(readonly familyId: string) {
    super('invalid_grant', 'This authorization code was already used; the tokens issued from it are revoked');
  }
}
