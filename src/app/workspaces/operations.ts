import { z } from 'zod';
import { defineOperation } from '../shared/operation.js';
import { cursorPagingSchema, cursorParameterSchema } from '../shared/paging.js';
import { byWorkspace } from '../shared/access.js';
import { getWorkspace, listWorkspaces, WORKSPACE_LIST, workspaceSchema, workspacesWindow } from './queries.js';

export const WORKSPACES_TAG = 'Workspaces';

export const WORKSPACE_ERRORS = { 403: 'The credential cannot read this workspace', 404: 'No such workspace' } as const;

export const workspaceIdField = z.string().min(1).describe('Workspace id');

export const listWorkspacesOperation = defineOperation({
  name: 'listWorkspaces',
  summary: 'List the workspaces the credential can read',
  description: 'Newest first, with prompt and GEO audit usage against the team allocation. REST pages hold 25.',
  tag: WORKSPACES_TAG,
  access: 'read',
  input: z.object({ cursor: cursorParameterSchema(WORKSPACE_LIST).optional() }),
  output: z.object({ items: z.array(workspaceSchema), paging: cursorPagingSchema }),
  answers: 'One page of workspaces',
  handler: ({ cursor }, { principal, deps }) => listWorkspaces(deps, principal, cursor),
  list: { pagingFields: ['cursor'], item: workspaceSchema, window: (_input, { principal, deps }, range) => workspacesWindow(deps, principal, range) },
});

export const getWorkspaceOperation = defineOperation({
  name: 'getWorkspace',
  summary: 'Get a workspace',
  description: 'Its prompt and GEO audit usage, and `runsPerDay`: how many times a day each prompt runs on each engine.',
  tag: WORKSPACES_TAG,
  access: 'read',
  input: z.object({ workspaceId: workspaceIdField }),
  output: workspaceSchema,
  answers: 'The workspace',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: ({ workspaceId }, { deps }) => getWorkspace(deps, workspaceId),
});
