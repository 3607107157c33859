import type { Permission } from '../shared/access.js';

/** The scopes a token may carry: `write` includes `read`, like the permissions they mirror. */
export const OAUTH_SCOPES = ['read', 'write'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const isOAuthScope = (value: string): value is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(value);

/** The words of a space-separated `scope` parameter; an absent or blank one has none. */
export const scopeWords = (scope: string | undefined): string[] => (scope ?? '').split(' ').filter((word) => word !== '');

/** The scopes a permission amounts to: what a token answers in its `scope`. */
export const scopesOfPermission = (permission: Permission): OAuthScope[] => (permission === 'write' ? ['read', 'write'] : ['read']);

/**
 * A token's permission is the smaller of the user's permission and the granted scopes:
 * write only when the user may write and `write` was granted.
 */
export const grantedPermission = (userPermission: Permission, scopes: readonly OAuthScope[]): Permission =>
  userPermission === 'write' && scopes.includes('write') ? 'write' : 'read';
