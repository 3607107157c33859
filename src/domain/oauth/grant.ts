import type { Permission, WorkspaceScope } from '../shared/access.js';
import type { OAuthScope } from './scopes.js';

/** How long each credential lives. */
export const AUTHORIZATION_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The user who signed in, as the directory knows them. */
export interface SignedInUser {
  userId: string;
  teamId: string;
  permission: Permission;
  workspaceIds: WorkspaceScope;
}

/**
 * What a user granted a client: carried by the code, then by every token of the family the code starts.
 * `permission` is already the smaller of the user's and the scopes'; `resource` the RFC 8707 resource, if sent.
 */
export interface OAuthGrant {
  clientId: string;
  userId: string;
  teamId: string;
  permission: Permission;
  workspaceIds: WorkspaceScope;
  scopes: OAuthScope[];
  resource: string | null;
}

/** `now` plus `lifetimeMs`, both ISO timestamps. */
export const expiryAfter = (now: string, lifetimeMs: number): string => new Date(Date.parse(now) + lifetimeMs).toISOString();

export const hasExpired = (expiresDate: string, now: string): boolean => Date.parse(now) >= Date.parse(expiresDate);
