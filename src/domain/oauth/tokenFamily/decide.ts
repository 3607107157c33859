import type { DomainCommand } from '../../shared/command.js';
import { assertNever, type Decider } from '../../shared/decider.js';
import { ConflictError } from '../../shared/errors.js';
import { OAuthRefusal } from '../errors.js';
import { ACCESS_TOKEN_LIFETIME_MS, expiryAfter, hasExpired, REFRESH_TOKEN_LIFETIME_MS, type OAuthGrant } from '../grant.js';
import { grantedPermission, isOAuthScope, scopesOfPermission, type OAuthScope } from '../scopes.js';
import { evolve, initialState, type RevocationReason, type TokenFamilyEvent, type TokenFamilyState } from './events.js';

/** `refreshTokenHash` null: the client did not register the refresh_token grant. */
export type StartTokenFamily = DomainCommand<
  'StartTokenFamily',
  { familyId: string; codeHash: string; grant: OAuthGrant; accessTokenHash: string; refreshTokenHash: string | null; now: string }
>;

/** `requestedScopes` null: the request sent no `scope`, so the new access token keeps the family's. */
export type RefreshTokenFamily = DomainCommand<
  'RefreshTokenFamily',
  {
    familyId: string;
    clientId: string;
    presentedRefreshTokenHash: string;
    requestedScopes: readonly string[] | null;
    accessTokenHash: string;
    refreshTokenHash: string;
    now: string;
  }
>;

export type RevokeTokenFamily = DomainCommand<'RevokeTokenFamily', { familyId: string; reason: RevocationReason; now: string }>;

export type TokenFamilyCommand = StartTokenFamily | RefreshTokenFamily | RevokeTokenFamily;

const invalidGrant = (message: string): OAuthRefusal => new OAuthRefusal('invalid_grant', message);

export function decide(command: TokenFamilyCommand, state: TokenFamilyState): TokenFamilyEvent[] {
  switch (command.type) {
    case 'StartTokenFamily':
      return start(command.data, state);
    case 'RefreshTokenFamily':
      return refresh(command.data, state);
    case 'RevokeTokenFamily': {
      const { familyId, reason, now } = command.data;
      // A family revoked before it started (its code replayed between redemption and start) stays revoked: start refuses it.
      if (state.status === 'revoked') return [];
      return [{ type: 'TokenFamilyRevoked', data: { familyId, reason, revokedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

function start(data: StartTokenFamily['data'], state: TokenFamilyState): TokenFamilyEvent[] {
  const { familyId, codeHash, grant, accessTokenHash, refreshTokenHash, now } = data;
  if (state.status === 'revoked') throw invalidGrant('This authorization code was used twice; its tokens are revoked');
  if (state.status === 'active') throw new ConflictError(`Token family ${familyId} already exists`);
  return [
    {
      type: 'TokenFamilyStarted',
      data: {
        familyId,
        codeHash,
        ...grant,
        accessTokenHash,
        accessTokenExpiresDate: expiryAfter(now, ACCESS_TOKEN_LIFETIME_MS),
        refreshTokenHash,
        refreshTokenExpiresDate: refreshTokenHash === null ? null : expiryAfter(now, REFRESH_TOKEN_LIFETIME_MS),
        startedDate: now,
      },
    },
  ];
}

/**
 * Rotation: only the family's current refresh token is accepted, once. A spent one presented again means it
 * leaked (or a client is confused): the whole family is revoked (OAuth 2.1, 4.3.1).
 */
function refresh(data: RefreshTokenFamily['data'], state: TokenFamilyState): TokenFamilyEvent[] {
  const { familyId, clientId, presentedRefreshTokenHash, now } = data;
  if (state.status === 'absent') throw invalidGrant('Unknown refresh token');
  if (state.status === 'revoked') throw invalidGrant('This refresh token has been revoked');
  if (state.grant.clientId !== clientId) throw invalidGrant('This refresh token was issued to another client');
  const current = state.refreshTokenHashes.at(-1);
  if (presentedRefreshTokenHash !== current) {
    if (!state.refreshTokenHashes.includes(presentedRefreshTokenHash)) throw invalidGrant('Unknown refresh token');
    return [{ type: 'TokenFamilyRevoked', data: { familyId, reason: 'refresh_token_replayed', revokedDate: now } }];
  }
  if (state.refreshTokenExpiresDate === null || hasExpired(state.refreshTokenExpiresDate, now)) throw invalidGrant('This refresh token has expired');
  const scopes = narrowedScopes(state.grant, data.requestedScopes);
  const permission = grantedPermission(state.grant.permission, scopes);
  return [
    {
      type: 'TokenFamilyRefreshed',
      data: {
        familyId,
        presentedRefreshTokenHash,
        accessTokenHash: data.accessTokenHash,
        accessTokenExpiresDate: expiryAfter(now, ACCESS_TOKEN_LIFETIME_MS),
        permission,
        scopes: scopesOfPermission(permission),
        refreshTokenHash: data.refreshTokenHash,
        refreshTokenExpiresDate: expiryAfter(now, REFRESH_TOKEN_LIFETIME_MS),
        refreshedDate: now,
      },
    },
  ];
}

/** A refresh may ask for fewer scopes than were granted, never for more (RFC 6749, 6). */
function narrowedScopes(grant: OAuthGrant, requested: readonly string[] | null): OAuthScope[] {
  if (requested === null || requested.length === 0) return grant.scopes;
  const refused = requested.filter((word) => !isOAuthScope(word) || !grant.scopes.includes(word));
  if (refused.length > 0) throw new OAuthRefusal('invalid_scope', `scope ${refused.join(' ')} was not granted (${grant.scopes.join(' ')})`);
  return requested as OAuthScope[];
}

export const tokenFamilyDecider: Decider<TokenFamilyState, TokenFamilyCommand, TokenFamilyEvent> = { initialState, evolve, decide };
