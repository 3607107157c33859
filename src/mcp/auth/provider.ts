import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import { verifyAccessToken } from '../../app/oauth/accessTokens.js';
import { findAuthorizationCode } from '../../app/oauth/authorizationCodes.js';
import { findOAuthClient } from '../../app/oauth/clients.js';
import type { SignInThrottle } from '../../app/signIn/throttle.js';
import { redeemAuthorizationCode, refreshAccessToken, revokeToken, type IssuedTokens } from '../../app/oauth/tokens.js';
import type { Services } from '../../app/shared/services.js';
import { scopeWords } from '../../domain/oauth/scopes.js';
import { authorizeEndpoint, type AuthorizeEndpointDependencies } from './authorizeEndpoint.js';
import { createClientsStore } from './clientsStore.js';
import type { OAuthUrls } from './metadata.js';
import { withOAuthErrors } from './oauthErrors.js';

const tokenResponse = (tokens: IssuedTokens): OAuthTokens => ({
  access_token: tokens.accessToken,
  token_type: 'Bearer',
  expires_in: tokens.expiresInSeconds,
  scope: tokens.scopes.join(' '),
  ...(tokens.refreshToken === null ? {} : { refresh_token: tokens.refreshToken }),
});

/**
 * geolens's side of the SDK's OAuth server: the SDK's handlers parse and validate requests, authenticate
 * clients and check PKCE; these methods decide through the OAuth deciders and the read model.
 */
export class GeolensOAuthProvider implements OAuthServerProvider {
  readonly clientsStore: OAuthRegisteredClientsStore;
  private readonly authorizeDependencies: AuthorizeEndpointDependencies;

  constructor(
    private readonly services: Services,
    private readonly urls: OAuthUrls,
    throttle: SignInThrottle,
  ) {
    this.clientsStore = createClientsStore(services);
    this.authorizeDependencies = { services, urls, throttle };
  }

  authorize(client: OAuthClientInformationFull, params: AuthorizationParams, response: Response): Promise<void> {
    return authorizeEndpoint(this.authorizeDependencies, client.client_id, params, response);
  }

  challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    return withOAuthErrors(async () => (await findAuthorizationCode(this.services, code, client.client_id)).codeChallenge);
  }

  exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, _verifier?: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
    return withOAuthErrors(async () => {
      const registered = await findOAuthClient(this.services, client.client_id);
      if (registered === null) throw new Error(`Client ${client.client_id} vanished after the SDK authenticated it`);
      const target = { resource: resource?.href ?? null, protectedResource: this.urls.protectedResource };
      return tokenResponse(await redeemAuthorizationCode(this.services, { ...target, code, client: registered, redirectUri: redirectUri ?? null }));
    });
  }

  exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    return withOAuthErrors(async () => {
      const requestedScopes = scopes === undefined ? null : scopes.flatMap((scope) => scopeWords(scope));
      const target = { resource: resource?.href ?? null, protectedResource: this.urls.protectedResource };
      return tokenResponse(await refreshAccessToken(this.services, { ...target, refreshToken, clientId: client.client_id, requestedScopes }));
    });
  }

  revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    return withOAuthErrors(() => revokeToken(this.services, { token: request.token, clientId: client.client_id }));
  }

  /**
   * The SDK's bearer check compares `expiresAt` with the wall clock, while geolens measures expiry on its
   * injected clock (tests move it): the remaining lifetime on that clock is reported from the wall clock's now.
   * In production the two clocks are one and this is the token's expiry.
   */
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const verified = await verifyAccessToken(this.services, token);
    if (verified === null) throw new InvalidTokenError('The access token is invalid, expired or revoked');
    const remainingMs = Date.parse(verified.expiresDate) - this.services.clock.now().getTime();
    return {
      token,
      clientId: verified.clientId,
      scopes: verified.scopes,
      expiresAt: Math.ceil((Date.now() + remainingMs) / 1000),
      resource: new URL(verified.resource ?? this.urls.protectedResource),
      extra: { principal: verified.principal, userId: verified.userId },
    };
  }
}
