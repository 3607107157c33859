import { z } from 'zod';
import { apiKeyDecider } from '../../domain/apiKey/decide.js';
import { apiKeyStream } from '../../domain/apiKey/events.js';
import { PERMISSIONS, type Permission, type WorkspaceScope } from '../../domain/shared/access.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { ApiKeyDoc } from '../../projections/directory/reader.js';
import { loadState } from '../shared/aggregates.js';
import { directoryCollection } from '../shared/directory.js';
import type { TeamPrincipal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { createApiKey, revokeApiKey } from './credentials.js';
import { grantedScope, scopeWithin } from './grant.js';

/** A key as its team sees it: never the key nor its hash, only the prefix that lets a person recognise it. */
export const teamApiKeySchema = z
  .object({
    id: z.string().min(1),
    permission: z.enum(PERMISSIONS),
    workspaceIds: z.union([z.literal('all'), z.array(z.string())]).describe('The workspaces the key reaches; all: every workspace of the team, present and future'),
    keyPrefix: z.string().describe('The first characters of the key, to recognise it'),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'ApiKey' });

export type TeamApiKey = z.output<typeof teamApiKeySchema>;

const teamApiKey = (key: ApiKeyDoc): TeamApiKey => ({
  id: key.keyId,
  permission: key.permission,
  workspaceIds: key.workspaceIds,
  keyPrefix: key.keyPrefix,
  createdDate: key.issuedDate,
});

/**
 * The team's active keys, newest first. A credential limited to some workspaces sees only the keys it could
 * have made itself: those whose workspaces are all among its own.
 */
export async function teamApiKeys(services: Services, principal: TeamPrincipal): Promise<TeamApiKey[]> {
  const keys = await (await directoryCollection(services, 'apiKeys')).find(
    { teamId: principal.teamId, revoked: false },
    { sort: { issuedDate: -1, keyId: -1 } },
  );
  return keys.filter((key) => scopeWithin(key.workspaceIds, principal.workspaceIds)).map(teamApiKey);
}

/** Issues a key of the caller's team, within the caller's workspaces; the plain key is answered once. */
export async function createTeamApiKey(
  services: Services,
  principal: TeamPrincipal,
  input: { permission: Permission; workspaceIds?: WorkspaceScope | undefined },
): Promise<TeamApiKey & { key: string }> {
  const workspaceIds = grantedScope(input.workspaceIds, principal.workspaceIds);
  const { id, key, position } = await createApiKey(services, { teamId: principal.teamId, permission: input.permission, workspaceIds });
  await services.readYourWrites(position);
  const [created] = await (await directoryCollection(services, 'apiKeys')).find({ keyId: id });
  if (!created) throw new Error(`API key ${id} is not in the read model after its creation`);
  return { ...teamApiKey(created), key };
}

/** A key of another team, or beyond the caller's workspaces, is answered as missing: its id tells nothing. */
export async function revokeTeamApiKey(services: Services, principal: TeamPrincipal, keyId: string): Promise<void> {
  const key = await loadState(services.eventStore, apiKeyStream(keyId), apiKeyDecider);
  if (key.status === 'absent' || key.teamId !== principal.teamId || !scopeWithin(key.workspaceIds, principal.workspaceIds)) {
    throw new NotFoundError(`API key ${keyId} not found`, 'keyId');
  }
  const { position } = await revokeApiKey(services, keyId);
  await services.readYourWrites(position);
}
