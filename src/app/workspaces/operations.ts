import { z } from 'zod';
import { defineOperation } from '../shared/operation.js';
import { cursorPagingSchema, cursorParameterSchema } from '../shared/paging.js';
import {
  listWorkspacePrompts,
  listWorkspaces,
  WORKSPACE_LIST,
  WORKSPACE_PROMPT_LIST,
  workspacePromptSchema,
  workspaceSchema,
} from './queries.js';

const TAG = 'Workspaces';

export const WORKSPACE_ERRORS = { 403: 'The credential cannot read this workspace', 404: 'No such workspace' } as const;

export const workspaceIdField = z.string().min(1).describe('Workspace id');

export const listWorkspacesOperation = defineOperation({
  name: 'listWorkspaces',
  summary: 'List the workspaces the credential can read',
  description: 'Pages of 25, newest first.',
  tag: TAG,
  access: 'read',
  input: z.object({ cursor: cursorParameterSchema(WORKSPACE_LIST).optional() }),
  output: z.object({ items: z.array(workspaceSchema), paging: cursorPagingSchema }),
  answers: 'One page of workspaces',
  handler: ({ cursor }, { principal, services }) => listWorkspaces(services, principal, cursor),
});

export const listWorkspacePromptsOperation = defineOperation({
  name: 'listWorkspacePrompts',
  summary: 'List the active prompts of a workspace',
  description: 'Pages of 25, newest first. Prompt ids are what the promptIds of a brand report and the prompt write operations take.',
  tag: TAG,
  access: 'read',
  input: z.object({ workspaceId: workspaceIdField, cursor: cursorParameterSchema(WORKSPACE_PROMPT_LIST).optional() }),
  output: z.object({ items: z.array(workspacePromptSchema), paging: cursorPagingSchema }),
  answers: 'One page of prompts',
  errors: WORKSPACE_ERRORS,
  handler: ({ workspaceId, cursor }, { principal, services }) => listWorkspacePrompts(services, principal, workspaceId, cursor),
});
