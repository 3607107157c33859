import { listWorkspacePromptsOperation, listWorkspacesOperation } from '../../app/workspaces/operations.js';
import { restRoute, type Route } from '../http/route.js';

export const workspaceRoutes: readonly Route[] = [
  restRoute(listWorkspacesOperation, { method: 'get', path: '/v1/workspaces' }),
  restRoute(listWorkspacePromptsOperation, { method: 'get', path: '/v1/workspaces/{id}/prompts', pathFields: { id: 'workspaceId' } }),
];
