import { createPromptInputSchema, tagIdsSchema } from '../../domain/prompt/schema.js';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { createdSchema } from '../shared/created.js';
import { defineOperation } from '../shared/operation.js';
import { createPrompt } from './prompts.js';

export const createPromptOperation = defineOperation({
  name: 'createPrompt',
  summary: 'Create a prompt in a workspace; it runs daily from then on',
  tag: 'Prompts',
  access: 'operator',
  input: createPromptInputSchema.extend({
    workspaceId: referencedIdSchema.describe('Workspace id'),
    tagIds: tagIdsSchema.default([]).describe('Tags of the workspace to assign'),
  }),
  output: createdSchema,
  handler: async (input, { services }) => ({ id: (await createPrompt(services.context, input)).id }),
});
