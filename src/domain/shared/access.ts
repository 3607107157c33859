import { z } from 'zod';
import type { ValidationIssue } from './errors.js';
import { referencedIdSchema, unique } from './schemas.js';

/** What a credential (API key or user) may do; `write` includes `read`. */
export const PERMISSIONS = ['read', 'write'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The workspaces a credential reaches: a list, or `'all'` for every workspace of its team, present and future. */
export type WorkspaceScope = string[] | 'all';

export const permissionSchema = z.enum(PERMISSIONS).describe('read, or write (which includes read)');

export const workspaceScopeSchema = z.union([z.literal('all'), z.array(referencedIdSchema).min(1)]);

/** Repeated workspace ids in an input count once. */
export const normalizeScope = (scope: WorkspaceScope): WorkspaceScope => (scope === 'all' ? scope : unique(scope));

/**
 * A credential must never reach another team's workspace, so each listed id is checked against the workspaces
 * of the credential's team (looked up by the application layer).
 */
export function workspacesOutsideTeam(scope: WorkspaceScope, teamWorkspaceIds: ReadonlySet<string>): ValidationIssue[] {
  if (scope === 'all') return [];
  return scope.flatMap((workspaceId, index) =>
    teamWorkspaceIds.has(workspaceId)
      ? []
      : [
          {
            path: `workspaceIds.${index}`,
            message: `Workspace "${workspaceId}" does not exist in the team`,
            code: 'custom',
          },
        ],
  );
}
