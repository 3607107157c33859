import { z } from 'zod';
import { permissionSchema, workspaceScopeSchema } from '../../domain/shared/access.js';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { emailSchema } from '../../domain/user/schema.js';
import { createdSchema } from '../shared/created.js';
import { byTeam } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { createApiKey, createUser, revokeApiKey } from './credentials.js';

const TAG = 'Credentials';

const credentialFields = {
  teamId: referencedIdSchema.describe('Team id'),
  permission: permissionSchema,
  workspaceIds: workspaceScopeSchema.default('all').describe('Workspaces reached; all of the team when none is listed'),
};

export const createApiKeyOperation = defineOperation({
  name: 'createApiKey',
  summary: 'Issue a REST API key',
  description: 'The key is shown once: only its hash is stored.',
  tag: TAG,
  access: 'operator',
  input: z.object(credentialFields),
  output: z.object({ id: z.string(), key: z.string() }),
  resource: byTeam,
  handler: async (input, { deps }) => {
    const { id, key } = await createApiKey(deps, input);
    return { id, key };
  },
});

export const revokeApiKeyOperation = defineOperation({
  name: 'revokeApiKey',
  summary: 'Revoke a REST API key',
  tag: TAG,
  access: 'operator',
  input: z.object({ keyId: referencedIdSchema.describe('Key id') }),
  output: createdSchema,
  handler: async ({ keyId }, { deps }) => ({ id: (await revokeApiKey(deps, keyId)).id }),
});

export const createUserOperation = defineOperation({
  name: 'createUser',
  summary: 'Create a user, who signs in to MCP clients',
  tag: TAG,
  access: 'operator',
  input: z.object({ ...credentialFields, email: emailSchema.describe('Sign-in e-mail address'), password: z.string().min(1).describe('Password (stored as a scrypt hash)') }),
  output: createdSchema,
  resource: byTeam,
  handler: async (input, { deps }) => ({ id: (await createUser(deps, input)).id }),
});
