import { oauthClientDecider, type ClientMetadata } from '../../domain/oauth/client/decide.js';
import { oauthClientStream, type RegisteredOAuthClient } from '../../domain/oauth/client/events.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { hashSecret } from './secrets.js';

/**
 * Registers a client (RFC 7591) under the id and secret the SDK generated; only the secret's hash is kept.
 * Clients are read from their stream, not from a read model, so one can be used the moment it is registered.
 */
export async function registerOAuthClient(
  context: AppContext,
  input: { clientId: string; metadata: ClientMetadata; clientSecret: string | null },
): Promise<RegisteredOAuthClient> {
  const result = await handleCommand(context.eventStore, oauthClientStream(input.clientId), oauthClientDecider, {
    type: 'RegisterOAuthClient',
    data: {
      clientId: input.clientId,
      metadata: input.metadata,
      clientSecretHash: input.clientSecret === null ? null : hashSecret(input.clientSecret),
      now: nowIso(context),
    },
  });
  if (result.state.status !== 'registered') throw new Error(`OAuth client ${input.clientId} was not registered`);
  return result.state;
}

export async function findOAuthClient(context: AppContext, clientId: string): Promise<RegisteredOAuthClient | null> {
  const state = await loadState(context.eventStore, oauthClientStream(clientId), oauthClientDecider);
  return state.status === 'registered' ? state : null;
}
