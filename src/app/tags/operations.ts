import { z } from 'zod';
import { createTagInputSchema } from '../../domain/tag/schema.js';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { byWorkspace } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { windowOf } from '../shared/paging.js';
import { WORKSPACE_ERRORS, workspaceIdField, WORKSPACES_TAG } from '../workspaces/operations.js';
import { createTag, deleteTag, workspaceTags, workspaceTagSchema } from './tags.js';

export const listTagsOperation = defineOperation({
  name: 'listWorkspaceTags',
  summary: 'List the tags of a workspace',
  description: 'All tags, oldest first, each with the number of active prompts carrying it.',
  tag: WORKSPACES_TAG,
  access: 'read',
  input: z.object({ workspaceId: workspaceIdField }),
  output: z.object({ items: z.array(workspaceTagSchema) }),
  answers: 'The tags',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async ({ workspaceId }, { deps }) => ({ items: await workspaceTags(deps, workspaceId) }),
  list: {
    pagingFields: [],
    item: workspaceTagSchema,
    window: async ({ workspaceId }, { deps }, range) => windowOf(await workspaceTags(deps, workspaceId), range),
  },
});

export const createTagOperation = defineOperation({
  name: 'createTag',
  summary: 'Create a tag in a workspace',
  description: 'Names are 1 to 100 characters and unique in the workspace, compared case-insensitively; the color is a hex color (#rgb or #rrggbb, stored lowercase) or a preset name.',
  tag: WORKSPACES_TAG,
  access: 'write',
  input: createTagInputSchema.extend({ workspaceId: workspaceIdField }),
  output: workspaceTagSchema,
  answers: 'The tag',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async (input, { deps }) => {
    const { id, position } = await createTag(deps, input);
    await deps.readYourWrites(position);
    const [tag] = await workspaceTags(deps, input.workspaceId, [id]);
    if (!tag) throw new Error(`Tag ${id} is not in the read model after its creation`);
    return tag;
  },
});

export const deleteTagOperation = defineOperation({
  name: 'deleteTag',
  summary: 'Delete a tag',
  description: 'The tag disappears at once; it is unassigned from its prompts asynchronously, and its name can be used again.',
  tag: WORKSPACES_TAG,
  access: 'write',
  input: z.object({ workspaceId: workspaceIdField, tagId: referencedIdSchema.describe('Tag id') }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Deleted',
  errors: { ...WORKSPACE_ERRORS, 404: 'No such workspace, or the tag is not in it' },
  resource: byWorkspace,
  handler: async (input, { deps }) => {
    const { position } = await deleteTag(deps, input);
    await deps.readYourWrites(position);
    return { id: input.tagId, deleted: true as const };
  },
});
