import type { Permission } from '../../shared/access.js';
import type { DomainEvent } from '../../shared/decider.js';
import type { OAuthGrant } from '../grant.js';
import type { OAuthScope } from '../scopes.js';

/**
 * One stream per token family: the tokens issued from one code and every rotation since. Rotation and
 * revocation are decided on this stream, so its expected revision makes them atomic.
 */
export const tokenFamilyStream = (familyId: string): string => `oauthTokenFamily-${familyId}`;

/** A code was exchanged: the first access token and, for clients that use refresh tokens, the first refresh token. */
export type TokenFamilyStarted = DomainEvent<
  'TokenFamilyStarted',
  OAuthGrant & {
    familyId: string;
    codeHash: string;
    accessTokenHash: string;
    accessTokenExpiresDate: string;
    refreshTokenHash: string | null;
    refreshTokenExpiresDate: string | null;
    startedDate: string;
  }
>;

/** The current refresh token was exchanged for a new pair; the presented one is spent. */
export type TokenFamilyRefreshed = DomainEvent<
  'TokenFamilyRefreshed',
  {
    familyId: string;
    presentedRefreshTokenHash: string;
    accessTokenHash: string;
    accessTokenExpiresDate: string;
    /** The new access token's permission and scopes: the family's, or fewer when the request narrowed them. */
    permission: Permission;
    scopes: OAuthScope[];
    refreshTokenHash: string;
    refreshTokenExpiresDate: string;
    refreshedDate: string;
  }
>;

export const REVOCATION_REASONS = ['revoked', 'code_replayed', 'refresh_token_replayed'] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** Every token of the family stops working: revoked by its client (RFC 7009), or a replay was detected. */
export type TokenFamilyRevoked = DomainEvent<'TokenFamilyRevoked', { familyId: string; reason: RevocationReason; revokedDate: string }>;

export type TokenFamilyEvent = TokenFamilyStarted | TokenFamilyRefreshed | TokenFamilyRevoked;

/** `refreshTokenHashes`: every refresh token the family has issued, the current one last. */
export type TokenFamilyState =
  | { status: 'absent' }
  | { status: 'active'; grant: OAuthGrant; refreshTokenHashes: string[]; refreshTokenExpiresDate: string | null }
  | { status: 'revoked'; reason: RevocationReason };

export const initialState = (): TokenFamilyState => ({ status: 'absent' });

export function evolve(state: TokenFamilyState, event: TokenFamilyEvent): TokenFamilyState {
  switch (event.type) {
    case 'TokenFamilyStarted': {
      const { clientId, userId, teamId, permission, workspaceIds, scopes, resource, refreshTokenHash, refreshTokenExpiresDate } = event.data;
      const grant = { clientId, userId, teamId, permission, workspaceIds, scopes, resource };
      return { status: 'active', grant, refreshTokenHashes: refreshTokenHash === null ? [] : [refreshTokenHash], refreshTokenExpiresDate };
    }
    case 'TokenFamilyRefreshed':
      return state.status === 'active'
        ? {
            ...state,
            refreshTokenHashes: [...state.refreshTokenHashes, event.data.refreshTokenHash],
            refreshTokenExpiresDate: event.data.refreshTokenExpiresDate,
          }
        : state;
    case 'TokenFamilyRevoked':
      return { status: 'revoked', reason: event.data.reason };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
