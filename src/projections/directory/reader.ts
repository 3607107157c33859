import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { DIRECTORY_COLLECTIONS, type ApiKeyDoc, type PromptDoc, type TagDoc, type TeamDoc, type UserDoc, type WorkspaceDoc } from './documents.js';
import { directoryProjection } from './projection.js';

export type { ApiKeyDoc, PromptDoc, TagDoc, TeamDoc, UserDoc, WorkspaceDoc } from './documents.js';

type DirectoryCollections = { teams: TeamDoc; workspaces: WorkspaceDoc; apiKeys: ApiKeyDoc; users: UserDoc; tags: TagDoc; prompts: PromptDoc };

/** What the application reads of the directory: a collection of its live version, by name. */
export function directoryCollection<Name extends keyof DirectoryCollections>(readModels: ReadModels, name: Name): Promise<Collection<DirectoryCollections[Name]>> {
  return readModels.collection<DirectoryCollections[Name]>(directoryProjection, DIRECTORY_COLLECTIONS[name]);
}
