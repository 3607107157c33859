import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { createTagInputSchema } from '../../domain/tag/schema.js';
import { createdSchema } from '../shared/created.js';
import { defineOperation } from '../shared/operation.js';
import { createTag } from './tags.js';

export const createTagOperation = defineOperation({
  name: 'createTag',
  summary: 'Create a tag in a workspace',
  tag: 'Tags',
  access: 'operator',
  input: createTagInputSchema.extend({ workspaceId: referencedIdSchema.describe('Workspace id') }),
  output: createdSchema,
  handler: async (input, { services }) => ({ id: (await createTag(services.context, input)).id }),
});
