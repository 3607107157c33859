import { z } from 'zod';
import { cursorPagingSchema, cursorParameterSchema } from '../../app/queries/paging.js';
import {
  listWorkspacePrompts,
  listWorkspaces,
  WORKSPACE_LIST,
  WORKSPACE_PROMPT_LIST,
  workspacePromptSchema,
  workspaceSchema,
} from '../../app/queries/workspaces.js';
import { defineRoute, type Route } from '../http/route.js';

const TAG = 'Workspaces';
const json = 'application/json' as const;

const workspaceList = z.object({ items: z.array(workspaceSchema), paging: cursorPagingSchema });
const promptList = z.object({ items: z.array(workspacePromptSchema), paging: cursorPagingSchema });

export const workspaceRoutes: readonly Route[] = [
  defineRoute({
    method: 'get',
    path: '/v1/workspaces',
    operationId: 'listWorkspaces',
    summary: 'List the workspaces the key can read',
    description: 'Pages of 25, newest first.',
    tag: TAG,
    auth: 'read',
    query: z.object({ cursor: cursorParameterSchema(WORKSPACE_LIST).optional() }).strict(),
    success: { status: 200, description: 'One page of workspaces', schema: workspaceList, contentType: json },
    handler: ({ query, principal, services }) => listWorkspaces(services, principal, query.cursor),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/workspaces/{id}/prompts',
    operationId: 'listWorkspacePrompts',
    summary: 'List the active prompts of a workspace',
    description: 'Pages of 25, newest first. Prompt ids are what the promptIds of a brand report take.',
    tag: TAG,
    auth: 'read',
    params: z.object({ id: z.string().min(1).describe('Workspace id') }),
    query: z.object({ cursor: cursorParameterSchema(WORKSPACE_PROMPT_LIST).optional() }).strict(),
    success: { status: 200, description: 'One page of prompts', schema: promptList, contentType: json },
    errors: { 403: 'The key cannot read this workspace', 404: 'No such workspace' },
    handler: ({ params, query, principal, services }) => listWorkspacePrompts(services, principal, params.id, query.cursor),
  }),
];
