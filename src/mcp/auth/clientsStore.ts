import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import express, { type RequestHandler } from 'express';
import { findOAuthClient, registerOAuthClient } from '../../app/oauth/clients.js';
import { hashSecret, newOAuthClientId } from '../../app/oauth/secrets.js';
import type { AppContext } from '../../app/shared/context.js';
import type { RegisteredOAuthClient } from '../../domain/oauth/client/events.js';
import { withOAuthErrors } from './oauthErrors.js';

type ClientRegistration = Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>;

const epochSeconds = (isoDate: string): number => Math.floor(Date.parse(isoDate) / 1000);

/**
 * A client as the SDK's handlers read it. `client_secret` is the secret's hash: the SDK compares it with the
 * presented secret, which `hashPresentedClientSecret` has hashed by then. Secrets do not expire (0, RFC 7591).
 */
function clientInformation(client: RegisteredOAuthClient): OAuthClientInformationFull {
  return {
    client_id: client.clientId,
    client_id_issued_at: epochSeconds(client.registeredDate),
    ...(client.clientSecretHash === null ? {} : { client_secret: client.clientSecretHash, client_secret_expires_at: 0 }),
    ...registeredMetadata(client),
  };
}

/** The metadata as registered (RFC 7591, 3.2.1: the server answers with what it kept). */
function registeredMetadata(client: RegisteredOAuthClient): Omit<OAuthClientInformationFull, 'client_id'> {
  return {
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: client.grantTypes,
    response_types: ['code'],
    ...(client.clientName === null ? {} : { client_name: client.clientName }),
    ...(client.clientUri === null ? {} : { client_uri: client.clientUri }),
    ...(client.scopes === null ? {} : { scope: client.scopes.join(' ') }),
  };
}

/** Registered clients, read from and written to their event streams. */
export function createClientsStore(context: AppContext): OAuthRegisteredClientsStore {
  return {
    async getClient(clientId) {
      const client = await findOAuthClient(context, clientId);
      return client === null ? undefined : clientInformation(client);
    },
    /** The SDK generated the secret (none for a public client); the id is ours. The plain secret is answered once. */
    registerClient: (registration: ClientRegistration) =>
      withOAuthErrors(async () => {
        const clientSecret = registration.client_secret ?? null;
        const client = await registerOAuthClient(context, { clientId: newOAuthClientId(), metadata: registration, clientSecret });
        return {
          client_id: client.clientId,
          client_id_issued_at: epochSeconds(client.registeredDate),
          ...(clientSecret === null ? {} : { client_secret: clientSecret, client_secret_expires_at: 0 }),
          ...registeredMetadata(client),
        };
      }),
  };
}

/**
 * Mounted before the SDK's token and revocation handlers: parses the form body (the SDK's own parser then
 * leaves it) and replaces a presented `client_secret` by its hash, which is what the store returns.
 */
export const hashPresentedClientSecret: RequestHandler[] = [
  express.urlencoded({ extended: false }),
  (request, _response, next) => {
    const body: unknown = request.body;
    if (typeof body === 'object' && body !== null && 'client_secret' in body && typeof body.client_secret === 'string') {
      body.client_secret = hashSecret(body.client_secret);
    }
    next();
  },
];
