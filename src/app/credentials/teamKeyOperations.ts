import { z } from 'zod';
import { permissionSchema, workspaceScopeSchema } from '../../domain/shared/access.js';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { defineOperation } from '../shared/operation.js';
import { windowOf } from '../shared/paging.js';
import { requireTeamPrincipal } from '../shared/principal.js';
import { createTeamApiKey, revokeTeamApiKey, teamApiKeys, teamApiKeySchema } from './teamKeys.js';

const TAG = 'Account';
const BEYOND_SCOPE = 'A read key, or a scope beyond the workspaces of the calling credential';

export const listTeamApiKeysOperation = defineOperation({
  name: 'listTeamApiKeys',
  summary: 'List the REST API keys of the credential’s team',
  description: 'Active keys, newest first, without the keys themselves (only their first characters). A credential limited to some workspaces sees the keys limited to those.',
  tag: TAG,
  access: 'read',
  input: z.object({}),
  output: z.object({ items: z.array(teamApiKeySchema) }),
  answers: 'The keys',
  handler: async (_input, { principal, deps }) => ({ items: await teamApiKeys(deps, requireTeamPrincipal(principal)) }),
  list: {
    pagingFields: [],
    item: teamApiKeySchema,
    window: async (_input, { principal, deps }, range) => windowOf(await teamApiKeys(deps, requireTeamPrincipal(principal)), range),
  },
});

export const createTeamApiKeyOperation = defineOperation({
  name: 'createTeamApiKey',
  summary: 'Issue a REST API key for the credential’s team',
  description:
    'The answer carries the key: the only time it is shown (only its hash is stored). A credential grants at most ' +
    'what it holds: it needs write permission, and the new key reaches only workspaces the credential reaches ' +
    '(by default the same ones).',
  tag: TAG,
  access: 'write',
  input: z.object({
    permission: permissionSchema,
    workspaceIds: workspaceScopeSchema.optional().describe('all, or a list of workspace ids; default: the workspaces of the calling credential'),
  }),
  output: teamApiKeySchema.extend({ key: z.string().describe('The API key, shown this once') }).meta({ id: 'CreatedApiKey' }),
  answers: 'The key, shown once',
  errors: { 403: BEYOND_SCOPE },
  handler: (input, { principal, deps }) => createTeamApiKey(deps, requireTeamPrincipal(principal), input),
});

export const revokeTeamApiKeyOperation = defineOperation({
  name: 'revokeTeamApiKey',
  summary: 'Revoke a REST API key of the credential’s team',
  description: 'The key is refused (401) from the answer on.',
  tag: TAG,
  access: 'write',
  input: z.object({ keyId: referencedIdSchema.describe('Key id') }),
  output: z.object({ id: z.string(), revoked: z.literal(true) }),
  answers: 'Revoked',
  errors: { 403: 'A read key', 404: 'No such key in the team (or beyond the workspaces of the calling credential)', 409: 'The key is already revoked' },
  handler: async ({ keyId }, { principal, deps }) => {
    await revokeTeamApiKey(deps, requireTeamPrincipal(principal), keyId);
    return { id: keyId, revoked: true as const };
  },
});
