import type { DomainEvent } from '../../shared/decider.js';
import type { OAuthScope } from '../scopes.js';

export const oauthClientStream = (clientId: string): string => `oauthClient-${clientId}`;

/** How a client authenticates at the token endpoint: public clients (`none`) rely on PKCE alone. */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['none', 'client_secret_post'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * A client registered itself (RFC 7591). Only the hash of its secret is kept. `scopes` null: registered
 * without `scope`, so it may request every scope.
 */
export type OAuthClientRegistered = DomainEvent<
  'OAuthClientRegistered',
  {
    clientId: string;
    clientName: string | null;
    clientUri: string | null;
    redirectUris: string[];
    tokenEndpointAuthMethod: TokenEndpointAuthMethod;
    clientSecretHash: string | null;
    grantTypes: GrantType[];
    scopes: OAuthScope[] | null;
    registeredDate: string;
  }
>;

export type OAuthClientEvent = OAuthClientRegistered;

export type RegisteredOAuthClient = OAuthClientRegistered['data'];

export type OAuthClientState = { status: 'absent' } | ({ status: 'registered' } & RegisteredOAuthClient);

export const initialState = (): OAuthClientState => ({ status: 'absent' });

export function evolve(state: OAuthClientState, event: OAuthClientEvent): OAuthClientState {
  switch (event.type) {
    case 'OAuthClientRegistered':
      return { status: 'registered', ...event.data };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event.type;
      return state;
    }
  }
}
