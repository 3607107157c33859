import {
  createPromptsOperation,
  deletePromptOperation,
  listWorkspacePromptsOperation,
  updatePromptTagsOperation,
} from '../../app/prompts/operations.js';
import { suggestPromptsOperation } from '../../app/prompts/suggestions.js';
import { createTagOperation, deleteTagOperation, listTagsOperation } from '../../app/tags/operations.js';
import { getWorkspaceOperation, listWorkspacesOperation } from '../../app/workspaces/operations.js';
import { restRoute, type Route } from '../http/route.js';

const WORKSPACE = '/v1/workspaces/{id}';
const inWorkspace = { pathFields: { id: 'workspaceId' } };

/** The workspace's prompts and tags, read and written. */
export const workspaceRoutes: readonly Route[] = [
  restRoute(listWorkspacesOperation, { method: 'get', path: '/v1/workspaces' }),
  restRoute(getWorkspaceOperation, { method: 'get', path: WORKSPACE, ...inWorkspace }),
  restRoute(listWorkspacePromptsOperation, { method: 'get', path: `${WORKSPACE}/prompts`, ...inWorkspace }),
  restRoute(suggestPromptsOperation, { method: 'post', path: `${WORKSPACE}/prompt-suggestions`, ...inWorkspace }),
  restRoute(createPromptsOperation, {
    method: 'post',
    path: `${WORKSPACE}/prompts`,
    ...inWorkspace,
    status: { documented: [201, 202], of: (output) => (typeof output === 'object' && output !== null && 'batchId' in output ? 202 : 201) },
  }),
  restRoute(updatePromptTagsOperation, { method: 'patch', path: `${WORKSPACE}/prompts/{promptId}`, ...inWorkspace }),
  restRoute(deletePromptOperation, { method: 'delete', path: `${WORKSPACE}/prompts/{promptId}`, ...inWorkspace, status: 204 }),
  restRoute(listTagsOperation, { method: 'get', path: `${WORKSPACE}/tags`, ...inWorkspace }),
  restRoute(createTagOperation, { method: 'post', path: `${WORKSPACE}/tags`, ...inWorkspace, status: 201 }),
  restRoute(deleteTagOperation, { method: 'delete', path: `${WORKSPACE}/tags/{tagId}`, ...inWorkspace, status: 204 }),
];
