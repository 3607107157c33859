import { UnauthorizedError } from '../../domain/shared/errors.js';
import type { Collection } from '../../ports/documentStore.js';
import {
  directoryCollection as liveDirectoryCollection,
  type ApiKeyDoc,
  type PromptDoc,
  type TagDoc,
  type TeamDoc,
  type WorkspaceDoc,
} from '../../projections/directory/reader.js';
import type { Services } from './services.js';

type DirectoryCollections = {
  teams: TeamDoc;
  workspaces: WorkspaceDoc;
  apiKeys: ApiKeyDoc;
  tags: TagDoc;
  prompts: PromptDoc;
};

/** A collection of the live version of the directory projection. */
export function directoryCollection<Name extends keyof DirectoryCollections>(
  services: Services,
  name: Name,
): Promise<Collection<DirectoryCollections[Name]>> {
  return liveDirectoryCollection(services.readModels, name);
}

/** The team of an authenticated credential; its absence means the credential is not usable. */
export async function requireTeamDocument(services: Services, teamId: string): Promise<TeamDoc> {
  const team = await services.credentials.team(teamId);
  if (!team) throw new UnauthorizedError('The team of this API key does not exist');
  return team;
}
