import { directoryCollection } from '../shared/directory.js';
import { newestFirstPage, newestFirstWindow, type CursorPaging, type ListRange, type ListWindow, type PageCursor } from '../shared/paging.js';
import type { Services } from '../shared/services.js';
import { promptResources, type WorkspacePrompt } from './resource.js';

export const WORKSPACE_PROMPT_LIST = 'workspacePrompts';

/** Active prompts of one workspace (checked by the access step), newest first; their ids are what a report's promptIds take. */
export async function listWorkspacePrompts(services: Services, workspaceId: string, cursor: PageCursor | undefined): Promise<{ items: WorkspacePrompt[]; paging: CursorPaging }> {
  const page = await newestFirstPage(await directoryCollection(services, 'prompts'), WORKSPACE_PROMPT_LIST, { workspaceId }, cursor);
  return { items: await promptResources(services, page.documents), paging: page.paging };
}

export async function workspacePromptsWindow(services: Services, workspaceId: string, range: ListRange): Promise<ListWindow<WorkspacePrompt>> {
  const window = await newestFirstWindow(await directoryCollection(services, 'prompts'), { workspaceId }, range);
  return { items: await promptResources(services, window.items), totalCount: window.totalCount };
}
