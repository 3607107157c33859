import { authorizationCodeDecider } from '../../domain/oauth/authorizationCode/decide.js';
import { authorizationCodeStream, type IssuedAuthorizationCode } from '../../domain/oauth/authorizationCode/events.js';
import type { AuthorizationRequest } from '../../domain/oauth/authorizationRequest.js';
import type { RegisteredOAuthClient } from '../../domain/oauth/client/events.js';
import { OAuthRefusal } from '../../domain/oauth/errors.js';
import type { SignedInUser } from '../../domain/oauth/grant.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { hashSecret, newOpaqueSecret } from './secrets.js';

export interface IssueCodeInput {
  client: RegisteredOAuthClient;
  request: AuthorizationRequest;
  user: SignedInUser;
  /** `{BASE_URL}/mcp`: the one resource geolens's tokens are for. */
  protectedResource: string;
}

/** Issues a code for a user who signed in and allowed the client; the plain code goes only into the redirect. */
export async function issueAuthorizationCode(context: AppContext, input: IssueCodeInput): Promise<string> {
  const code = newOpaqueSecret('code');
  await handleCommand(context.eventStore, authorizationCodeStream(hashSecret(code)), authorizationCodeDecider, {
    type: 'IssueAuthorizationCode',
    data: { codeHash: hashSecret(code), ...input, now: nowIso(context) },
  });
  return code;
}

/**
 * The code as issued, for the token endpoint's PKCE check, which comes before the redemption. A redeemed or
 * expired code is returned too: the redemption refuses it, and a replay must reach it to revoke its tokens.
 */
export async function findAuthorizationCode(context: AppContext, code: string, clientId: string): Promise<IssuedAuthorizationCode> {
  const state = await loadState(context.eventStore, authorizationCodeStream(hashSecret(code)), authorizationCodeDecider);
  if (state.status === 'absent' || state.clientId !== clientId) throw new OAuthRefusal('invalid_grant', 'Unknown authorization code');
  return state;
}
