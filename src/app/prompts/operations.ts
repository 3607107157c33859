import { z } from 'zod';
import { promptTextSchema, tagIdsSchema } from '../../domain/prompt/schema.js';
import { countryCodeSchema } from '../../domain/shared/countries.js';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { directoryCollection } from '../shared/directory.js';
import { byWorkspace } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { cursorPagingSchema, cursorParameterSchema } from '../shared/paging.js';
import { WORKSPACE_ERRORS, workspaceIdField, WORKSPACES_TAG } from '../workspaces/operations.js';
import { deletePrompt, fulfilPromptRequest, replacePromptTags, requestPrompts } from './prompts.js';
import { listWorkspacePrompts, WORKSPACE_PROMPT_LIST, workspacePromptsWindow } from './queries.js';
import { promptResources, workspacePromptSchema, type WorkspacePrompt } from './resource.js';
import type { Services } from '../shared/services.js';

/** Batches up to this size are created before the answer; larger ones after it. */
export const SYNCHRONOUS_PROMPTS = 5;

const promptIdField = referencedIdSchema.describe('Prompt id');
const PROMPT_ERRORS = { ...WORKSPACE_ERRORS, 404: 'No such workspace, or the prompt is not in it (or was deleted)' } as const;

export const listWorkspacePromptsOperation = defineOperation({
  name: 'listWorkspacePrompts',
  summary: 'List the active prompts of a workspace',
  description:
    'Newest first. A prompt id is what the promptIds of a brand report and the prompt write operations take; ' +
    'tagIds and brandReportIds say how it is organised. REST pages hold 25.',
  tag: WORKSPACES_TAG,
  access: 'read',
  input: z.object({ workspaceId: workspaceIdField, cursor: cursorParameterSchema(WORKSPACE_PROMPT_LIST).optional() }),
  output: z.object({ items: z.array(workspacePromptSchema), paging: cursorPagingSchema }),
  answers: 'One page of prompts',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: ({ workspaceId, cursor }, { deps }) => listWorkspacePrompts(deps, workspaceId, cursor),
  list: {
    pagingFields: ['cursor'],
    item: workspacePromptSchema,
    window: ({ workspaceId }, { deps }, range) => workspacePromptsWindow(deps, workspaceId, range),
  },
});

const promptEntrySchema = z.union([
  promptTextSchema.describe('The question, 1 to 1000 characters'),
  z.object({ text: promptTextSchema, intentVolume: z.number().int().nonnegative().optional().describe('Estimated monthly search volume') }).strict(),
]);

const createdPromptsSchema = z.object({ items: z.array(workspacePromptSchema) }).meta({ id: 'CreatedPrompts' });
const processingPromptsSchema = z
  .object({
    status: z.literal('processing'),
    batchId: z.string().describe('The batch; its prompts appear in the prompt list as they are created'),
    total: z.number().int().describe('Prompts in the batch'),
  })
  .meta({ id: 'PromptBatchProcessing' });

async function promptsInOrder(services: Services, promptIds: readonly string[]): Promise<WorkspacePrompt[]> {
  const found = await (await directoryCollection(services, 'prompts')).find({ _id: { $in: [...promptIds] } });
  const byId = new Map(found.map((prompt) => [prompt._id, prompt]));
  return promptResources(services, promptIds.flatMap((promptId) => byId.get(promptId) ?? []));
}

export const createPromptsOperation = defineOperation({
  name: 'createPrompts',
  summary: 'Create prompts in a workspace and start monitoring them',
  description:
    `Up to ${SYNCHRONOUS_PROMPTS} prompts are created before the answer and returned with their ids (201); larger batches ` +
    '(up to 1000) are created asynchronously and answered with a processing summary (202), their prompts appearing in ' +
    'the prompt list as they are created. The whole batch is validated up front against the remaining prompt ' +
    'allocation (429 and nothing created when it does not fit) and its tagIds and brandReportIds against the workspace ' +
    '(400 and nothing created). Prompt text and country cannot change after creation.',
  tag: WORKSPACES_TAG,
  access: 'write',
  input: z.object({
    workspaceId: workspaceIdField,
    country: countryCodeSchema.describe('Lowercase ISO 3166-1 alpha-2; uk for the United Kingdom'),
    prompts: z.array(promptEntrySchema).min(1).max(1000).describe('Plain strings or {text, intentVolume} objects, mixed'),
    tagIds: tagIdsSchema.optional().describe('Tags of the workspace given to every prompt'),
    brandReportIds: z.array(referencedIdSchema).optional().describe('Brand reports of the workspace that track the new prompts'),
  }),
  output: z.union([createdPromptsSchema, processingPromptsSchema]),
  answers: 'The created prompts (201), or the processing summary of a larger batch (202)',
  errors: { ...WORKSPACE_ERRORS, 429: 'The batch does not fit in the remaining prompt allocation; nothing was created' },
  resource: byWorkspace,
  handler: async (input, { deps, resource }) => {
    const prompts = input.prompts.map((entry) => (typeof entry === 'string' ? { text: entry } : entry));
    const { teamId, request } = await requestPrompts(deps, resource, {
      workspaceId: input.workspaceId,
      country: input.country,
      prompts,
      tagIds: input.tagIds ?? [],
      brandReportIds: input.brandReportIds ?? [],
    });
    if (prompts.length > SYNCHRONOUS_PROMPTS) return { status: 'processing' as const, batchId: request.batchId, total: prompts.length };
    await fulfilPromptRequest(deps, teamId, request);
    // The workspace process may have created some of them first: once this returns, all are in the log.
    await deps.readYourWrites(await deps.eventStore.headPosition());
    return { items: await promptsInOrder(deps, request.prompts.map(({ promptId }) => promptId)) };
  },
});

export const updatePromptTagsOperation = defineOperation({
  name: 'updatePromptTags',
  summary: "Replace a prompt's tags",
  description: 'The prompt keeps exactly the tags given (`[]` removes all). Only tags can change: text and country are immutable.',
  tag: WORKSPACES_TAG,
  access: 'write',
  input: z.object({ workspaceId: workspaceIdField, promptId: promptIdField, tagIds: tagIdsSchema.describe('Tags of the workspace; [] removes all') }),
  output: workspacePromptSchema,
  answers: 'The prompt',
  errors: PROMPT_ERRORS,
  resource: byWorkspace,
  handler: async (input, { deps }) => {
    await deps.readYourWrites(await replacePromptTags(deps, input));
    const [prompt] = await promptsInOrder(deps, [input.promptId]);
    if (!prompt) throw new Error(`Prompt ${input.promptId} is not in the read model after its tags changed`);
    return prompt;
  },
});

export const deletePromptOperation = defineOperation({
  name: 'deletePrompt',
  summary: 'Delete a prompt',
  description:
    'The prompt stops running and frees its allocation slot at once; it leaves every brand report tracking it ' +
    'asynchronously, and those reports are recalculated. A deleted prompt answers 404 wherever it is named.',
  tag: WORKSPACES_TAG,
  access: 'write',
  input: z.object({ workspaceId: workspaceIdField, promptId: promptIdField }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Deleted',
  errors: PROMPT_ERRORS,
  resource: byWorkspace,
  handler: async (input, { deps, resource }) => {
    await deps.readYourWrites(await deletePrompt(deps, resource, input));
    return { id: input.promptId, deleted: true as const };
  },
});
