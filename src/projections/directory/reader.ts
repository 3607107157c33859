import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { DIRECTORY_COLLECTIONS, type ApiKeyDoc, type PromptDoc, type TagDoc, type TeamDoc, type UserDoc, type WorkspaceDoc } from './documents.js';
import { directoryProjection } from './projection.js';

export { workspaceRuns, type ApiKeyDoc, type PromptDoc, type TagDoc, type TeamDoc, type UserDoc, type WorkspaceDoc } from './documents.js';

type DirectoryCollections = { teams: TeamDoc; workspaces: WorkspaceDoc; apiKeys: ApiKeyDoc; users: UserDoc; tags: TagDoc; prompts: PromptDoc };

/** What the application reads of the directory: a collection of its live version, by name. */
export function directoryCollection<Name extends keyof DirectoryCollections>(readModels: ReadModels, name: Name): Promise<Collection<DirectoryCollections[Name]>> {
  return readModels.collection<DirectoryCollections[Name]>(directoryProjection, DIRECTORY_COLLECTIONS[name]);
}

/** The team of each workspace of `workspaceIds` the directory knows, by workspace id. */
export async function teamsOfWorkspaces(readModels: ReadModels, workspaceIds: readonly string[]): Promise<Map<string, string>> {
  if (workspaceIds.length === 0) return new Map();
  const workspaces = await (await directoryCollection(readModels, 'workspaces')).find({ _id: { $in: [...new Set(workspaceIds)] } }, { projection: { teamId: 1 } });
  return new Map(workspaces.map(({ _id, teamId }) => [_id, teamId]));
}

/** The ids of every workspace of the teams `teamIds`. */
export async function workspacesOfTeams(readModels: ReadModels, teamIds: readonly string[]): Promise<string[]> {
  if (teamIds.length === 0) return [];
  const workspaces = await (await directoryCollection(readModels, 'workspaces')).find({ teamId: { $in: [...teamIds] } }, { projection: { _id: 1 } });
  return workspaces.map(({ _id }) => _id);
}
