import type { WorkspaceScope } from '../../domain/shared/access.js';
import { ForbiddenError } from '../../domain/shared/errors.js';

/** Whether every workspace `scope` reaches is one `holder` reaches too. */
export function scopeWithin(scope: WorkspaceScope, holder: WorkspaceScope): boolean {
  if (holder === 'all') return true;
  return scope !== 'all' && scope.every((workspaceId) => holder.includes(workspaceId));
}

/**
 * The workspaces of a key made by a team's credential: what it asked for, or its own workspaces when it named
 * none. A credential never grants more than it holds, so a scope beyond its own is a 403 that names only what
 * was sent.
 */
export function grantedScope(requested: WorkspaceScope | undefined, creator: WorkspaceScope): WorkspaceScope {
  if (requested === undefined) return creator;
  if (scopeWithin(requested, creator)) return requested;
  const beyond = requested === 'all' ? 'every workspace of the team' : `workspace ${requested.find((id) => !creator.includes(id))}`;
  throw new ForbiddenError(`This credential has no access to ${beyond}, so it cannot grant it`);
}
