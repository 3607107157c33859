import type { DomainCommand } from '../../shared/command.js';
import { assertNever, type Decider } from '../../shared/decider.js';
import { ConflictError } from '../../shared/errors.js';
import { validateAuthorizationRequest, type AuthorizationRequest } from '../authorizationRequest.js';
import type { RegisteredOAuthClient } from '../client/events.js';
import { AuthorizationCodeReplayed, OAuthRefusal } from '../errors.js';
import { AUTHORIZATION_CODE_LIFETIME_MS, expiryAfter, hasExpired, type SignedInUser } from '../grant.js';
import { grantedPermission, scopesOfPermission } from '../scopes.js';
import { evolve, initialState, type AuthorizationCodeEvent, type AuthorizationCodeState } from './events.js';

/** The request is validated again here, whatever the edge checked: the consent form's hidden fields are not trusted. */
export type IssueAuthorizationCode = DomainCommand<
  'IssueAuthorizationCode',
  {
    codeHash: string;
    client: RegisteredOAuthClient;
    request: AuthorizationRequest;
    user: SignedInUser;
    protectedResource: string;
    now: string;
  }
>;

/** `redirectUri`: as sent to the token endpoint, null when omitted (OAuth 2.1 no longer requires it there). */
export type RedeemAuthorizationCode = DomainCommand<
  'RedeemAuthorizationCode',
  { codeHash: string; clientId: string; redirectUri: string | null; familyId: string; now: string }
>;

export type AuthorizationCodeCommand = IssueAuthorizationCode | RedeemAuthorizationCode;

export function decide(command: AuthorizationCodeCommand, state: AuthorizationCodeState): AuthorizationCodeEvent[] {
  switch (command.type) {
    case 'IssueAuthorizationCode':
      return issue(command.data, state);
    case 'RedeemAuthorizationCode':
      return redeem(command.data, state);
    default:
      return assertNever(command);
  }
}

function issue(data: IssueAuthorizationCode['data'], state: AuthorizationCodeState): AuthorizationCodeEvent[] {
  const { codeHash, client, user, now } = data;
  if (state.status !== 'absent') throw new ConflictError('This authorization code already exists');
  const request = validateAuthorizationRequest(client, data.request, data.protectedResource);
  const permission = grantedPermission(user.permission, request.scopes);
  return [
    {
      type: 'AuthorizationCodeIssued',
      data: {
        codeHash,
        clientId: client.clientId,
        userId: user.userId,
        teamId: user.teamId,
        permission,
        workspaceIds: user.workspaceIds,
        scopes: scopesOfPermission(permission),
        resource: request.resource,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        issuedDate: now,
        expiresDate: expiryAfter(now, AUTHORIZATION_CODE_LIFETIME_MS),
      },
    },
  ];
}

const invalidGrant = (message: string): OAuthRefusal => new OAuthRefusal('invalid_grant', message);

function redeem(data: RedeemAuthorizationCode['data'], state: AuthorizationCodeState): AuthorizationCodeEvent[] {
  const { codeHash, clientId, redirectUri, familyId, now } = data;
  if (state.status === 'absent') throw invalidGrant('Unknown authorization code');
  if (state.clientId !== clientId) throw invalidGrant('This authorization code was issued to another client');
  if (state.status === 'redeemed') throw new AuthorizationCodeReplayed(state.familyId);
  if (hasExpired(state.expiresDate, now)) throw invalidGrant('This authorization code has expired');
  if (redirectUri !== null && redirectUri !== state.redirectUri) throw invalidGrant('redirect_uri differs from the one of the authorization request');
  return [{ type: 'AuthorizationCodeRedeemed', data: { codeHash, familyId, redeemedDate: now } }];
}

export const authorizationCodeDecider: Decider<AuthorizationCodeState, AuthorizationCodeCommand, AuthorizationCodeEvent> = {
  initialState,
  evolve,
  decide,
};
