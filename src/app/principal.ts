import type { Permission, WorkspaceScope } from '../domain/shared/access.js';
import { ForbiddenError } from '../domain/shared/errors.js';
import type { Filter } from '../ports/documentStore.js';

/** Who is calling: the team, permission and workspaces of the credential that authenticated the request. */
export interface Principal {
  teamId: string;
  keyId: string;
  permission: Permission;
  workspaceIds: WorkspaceScope;
}

export interface OwnedByWorkspace {
  workspaceId: string;
  teamId: string;
}

/**
 * A resource of another team is refused like one outside the key's workspaces (403), not hidden as missing
 * (404): interface.md gives 403 to "a credential without rights to the resource", and ids carry 16 random
 * base62 characters, so confirming that one exists tells a caller nothing it could use.
 */
export function canReadWorkspace(principal: Principal, resource: OwnedByWorkspace): boolean {
  if (resource.teamId !== principal.teamId) return false;
  return principal.workspaceIds === 'all' || principal.workspaceIds.includes(resource.workspaceId);
}

export function assertCanReadWorkspace(principal: Principal, resource: OwnedByWorkspace): void {
  if (!canReadWorkspace(principal, resource)) {
    throw new ForbiddenError(`This API key has no access to workspace ${resource.workspaceId}`);
  }
}

export function assertCanWrite(principal: Principal): void {
  if (principal.permission !== 'write') throw new ForbiddenError('This API key has read permission only; this operation needs write');
}

/** Filter on `field` (a workspace id) matching every workspace the principal can read. */
export function readableWorkspacesFilter(principal: Principal, field: string): Filter {
  const { teamId, workspaceIds } = principal;
  return workspaceIds === 'all' ? { teamId } : { teamId, [field]: { $in: workspaceIds } };
}
