import type { DomainCommand } from '../../shared/command.js';
import { assertNever, type Decider } from '../../shared/decider.js';
import { ConflictError } from '../../shared/errors.js';
import { OAuthRefusal } from '../errors.js';
import { redirectUriProblem } from '../redirectUris.js';
import { isOAuthScope, scopeWords, type OAuthScope } from '../scopes.js';
import {
  evolve,
  GRANT_TYPES,
  initialState,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type GrantType,
  type OAuthClientEvent,
  type OAuthClientState,
  type TokenEndpointAuthMethod,
} from './events.js';

/** The RFC 7591 metadata geolens reads, as the SDK's registration handler parsed it (other fields are dropped). */
export interface ClientMetadata {
  redirect_uris: string[];
  token_endpoint_auth_method?: string;
  grant_types?: string[];
  response_types?: string[];
  client_name?: string;
  client_uri?: string;
  scope?: string;
}

/** `clientSecretHash`: the hash of the secret generated for it, null for a public client (`none`). */
export type RegisterOAuthClient = DomainCommand<
  'RegisterOAuthClient',
  { clientId: string; metadata: ClientMetadata; clientSecretHash: string | null; now: string }
>;
export type OAuthClientCommand = RegisterOAuthClient;

const MAX_REDIRECT_URIS = 20;
const MAX_REDIRECT_URI_LENGTH = 2000;
const MAX_CLIENT_NAME_LENGTH = 200;

export function decide(command: OAuthClientCommand, state: OAuthClientState): OAuthClientEvent[] {
  switch (command.type) {
    case 'RegisterOAuthClient': {
      const { clientId, metadata, clientSecretHash, now } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`OAuth client ${clientId} already exists`);
      const tokenEndpointAuthMethod = authMethodOf(metadata.token_endpoint_auth_method);
      checkResponseTypes(metadata.response_types);
      if ((tokenEndpointAuthMethod === 'none') !== (clientSecretHash === null)) {
        throw new OAuthRefusal('invalid_client_metadata', 'A client secret is issued exactly when token_endpoint_auth_method is not none');
      }
      return [
        {
          type: 'OAuthClientRegistered',
          data: {
            clientId,
            clientName: clientNameOf(metadata.client_name),
            clientUri: metadata.client_uri ?? null,
            redirectUris: redirectUrisOf(metadata.redirect_uris),
            tokenEndpointAuthMethod,
            clientSecretHash,
            grantTypes: grantTypesOf(metadata.grant_types),
            scopes: scopesOf(metadata.scope),
            registeredDate: now,
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

const refuse = (message: string): OAuthRefusal => new OAuthRefusal('invalid_client_metadata', message);

function redirectUrisOf(redirectUris: readonly string[]): string[] {
  if (redirectUris.length === 0) throw new OAuthRefusal('invalid_redirect_uri', 'redirect_uris must list at least one URI');
  if (redirectUris.length > MAX_REDIRECT_URIS) throw new OAuthRefusal('invalid_redirect_uri', `redirect_uris lists at most ${MAX_REDIRECT_URIS} URIs`);
  for (const redirectUri of redirectUris) {
    const problem = redirectUri.length > MAX_REDIRECT_URI_LENGTH ? `is longer than ${MAX_REDIRECT_URI_LENGTH} characters` : redirectUriProblem(redirectUri);
    if (problem !== null) throw new OAuthRefusal('invalid_redirect_uri', `redirect_uri ${redirectUri} ${problem}`);
  }
  return [...new Set(redirectUris)];
}

/** RFC 7591 defaults to client_secret_basic, which the SDK's token endpoint does not read: post is the default here. */
function authMethodOf(method: string | undefined): TokenEndpointAuthMethod {
  if (method === undefined) return 'client_secret_post';
  if ((TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(method)) return method as TokenEndpointAuthMethod;
  throw refuse(`token_endpoint_auth_method ${method} is not supported; use ${TOKEN_ENDPOINT_AUTH_METHODS.join(' or ')}`);
}

/** A client that does not say may use both grants geolens offers, so it receives refresh tokens. */
function grantTypesOf(grantTypes: readonly string[] | undefined): GrantType[] {
  if (grantTypes === undefined) return [...GRANT_TYPES];
  const unsupported = grantTypes.filter((grantType) => !(GRANT_TYPES as readonly string[]).includes(grantType));
  if (unsupported.length > 0) throw refuse(`grant_types ${unsupported.join(', ')} not supported; use ${GRANT_TYPES.join(', ')}`);
  if (!grantTypes.includes('authorization_code')) throw refuse('grant_types must include authorization_code');
  return [...new Set(grantTypes as GrantType[])];
}

function checkResponseTypes(responseTypes: readonly string[] | undefined): void {
  const unsupported = (responseTypes ?? []).filter((responseType) => responseType !== 'code');
  if (unsupported.length > 0) throw refuse(`response_types ${unsupported.join(', ')} not supported; use code`);
}

function clientNameOf(clientName: string | undefined): string | null {
  const trimmed = clientName?.trim() ?? '';
  if (trimmed.length > MAX_CLIENT_NAME_LENGTH) throw refuse(`client_name is longer than ${MAX_CLIENT_NAME_LENGTH} characters`);
  return trimmed === '' ? null : trimmed;
}

function scopesOf(scope: string | undefined): OAuthScope[] | null {
  const words = scopeWords(scope);
  if (words.length === 0) return null;
  const unknown = words.filter((word) => !isOAuthScope(word));
  if (unknown.length > 0) throw refuse(`scope ${unknown.join(' ')} is not supported; scopes are read and write`);
  return [...new Set(words as OAuthScope[])];
}

export const oauthClientDecider: Decider<OAuthClientState, OAuthClientCommand, OAuthClientEvent> = { initialState, evolve, decide };
