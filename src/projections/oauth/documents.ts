import type { OAuthScope } from '../../domain/oauth/scopes.js';
import type { Permission, WorkspaceScope } from '../../domain/shared/access.js';
import type { Doc } from '../../ports/documentStore.js';

/**
 * Keyed by the token's sha-256 hash: verifying a bearer token is one primary-key read. It carries what the
 * principal needs, so /mcp reads nothing else.
 */
export interface AccessTokenDoc extends Doc {
  familyId: string;
  clientId: string;
  userId: string;
  teamId: string;
  permission: Permission;
  workspaceIds: WorkspaceScope;
  scopes: OAuthScope[];
  resource: string | null;
  expiresDate: string;
  revoked: boolean;
}

/** Keyed by the token's hash, spent ones included: a rotated token presented again must find its family to revoke it. */
export interface RefreshTokenDoc extends Doc {
  familyId: string;
  clientId: string;
}

/** A family's grant, which each rotation copies onto its new access token. */
export interface TokenFamilyDoc extends Doc {
  clientId: string;
  userId: string;
  teamId: string;
  workspaceIds: WorkspaceScope;
  resource: string | null;
  revoked: boolean;
}

export const OAUTH_COLLECTIONS = {
  accessTokens: 'accessTokens',
  refreshTokens: 'refreshTokens',
  tokenFamilies: 'tokenFamilies',
} as const;
