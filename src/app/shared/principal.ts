import type { Permission, WorkspaceScope } from '../../domain/shared/access.js';
import { ForbiddenError } from '../../domain/shared/errors.js';
import type { Filter } from '../../ports/documentStore.js';

/**
 * Who is calling: a REST API key, an MCP access token, a dashboard session's user, a share link reading its one
 * report (all carry a team, a permission and workspaces), or the operator at the command line, who administers every team.
 */
export type Principal =
  | { kind: 'apiKey' | 'accessToken' | 'session' | 'shareLink'; teamId: string; credentialId: string; permission: Permission; workspaceIds: WorkspaceScope }
  | { kind: 'operator' };

export type TeamPrincipal = Exclude<Principal, { kind: 'operator' }>;

export const OPERATOR: Principal = { kind: 'operator' };

export interface OwnedByWorkspace {
  workspaceId: string;
  teamId: string;
}

const CREDENTIAL_NAMES: Record<TeamPrincipal['kind'], string> = { apiKey: 'This API key', accessToken: 'This access token', session: 'This user', shareLink: 'This share link' };

/**
 * A resource of another team is refused like one outside the credential's workspaces (403), not hidden as
 * missing (404): the API gives 403 to "a credential without rights to the resource", and ids carry 16
 * random base62 characters, so confirming that one exists tells a caller nothing it could use.
 */
export function canReadWorkspace(principal: Principal, resource: OwnedByWorkspace): boolean {
  if (principal.kind === 'operator') return true;
  if (resource.teamId !== principal.teamId) return false;
  return principal.workspaceIds === 'all' || principal.workspaceIds.includes(resource.workspaceId);
}

/**
 * 403 unless the principal can read the resource's workspace. `requested` is what the caller asked for, as it
 * named it (`brand report br_…`, `workspace ws_…`): the answer never names what the caller did not send, such
 * as the workspace of another team's report.
 */
export function assertCanReadWorkspace(principal: Principal, resource: OwnedByWorkspace, requested: string): void {
  if (principal.kind !== 'operator' && !canReadWorkspace(principal, resource)) {
    throw new ForbiddenError(`${CREDENTIAL_NAMES[principal.kind]} has no access to ${requested}`);
  }
}

/** 403 unless the principal belongs to `teamId` (or is the operator); `requested` as in assertCanReadWorkspace. */
export function assertCanReadTeam(principal: Principal, teamId: string, requested: string): void {
  if (principal.kind !== 'operator' && principal.teamId !== teamId) {
    throw new ForbiddenError(`${CREDENTIAL_NAMES[principal.kind]} has no access to ${requested}`);
  }
}

export function assertCanWrite(principal: Principal): void {
  if (principal.kind !== 'operator' && principal.permission !== 'write') {
    throw new ForbiddenError(`${CREDENTIAL_NAMES[principal.kind]} has read permission only; this operation needs write`);
  }
}

/** Operations about the caller's own team (its account and quotas) need a team, which the operator has not. */
export function requireTeamPrincipal(principal: Principal): TeamPrincipal {
  if (principal.kind === 'operator') throw new ForbiddenError("This operation answers about a credential's own team; the operator has none");
  return principal;
}

/** Filter on `field` (a workspace id) matching every workspace the principal can read. */
export function readableWorkspacesFilter(principal: Principal, field: string): Filter {
  if (principal.kind === 'operator') return {};
  const { teamId, workspaceIds } = principal;
  return workspaceIds === 'all' ? { teamId } : { teamId, [field]: { $in: workspaceIds } };
}
