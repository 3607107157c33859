import { z } from 'zod';
import type { PromptDoc } from '../../projections/directory/reader.js';
import { brandReportCollection } from '../../projections/brandReports/reader.js';
import { tagSchema, type Tag } from '../tags/resource.js';
import { directoryCollection } from '../shared/directory.js';
import type { Services } from '../shared/services.js';

/** A prompt as the workspace endpoints answer it. */
export const workspacePromptSchema = z
  .object({
    id: z.string().min(1).describe('What the prompt ids of a brand report and the prompt write operations take'),
    workspaceId: z.string().min(1),
    prompt: z.string().describe('The question asked to the engines; immutable'),
    country: z.string().describe('Lowercase ISO 3166-1 alpha-2, uk for the United Kingdom; immutable'),
    intentVolume: z.number().int().nullable(),
    tagIds: z.array(z.string()).describe('Ids of the tags assigned to the prompt'),
    tags: z.array(tagSchema),
    brandReportIds: z.array(z.string()).describe('Brand reports tracking the prompt'),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'WorkspacePrompt' });

export type WorkspacePrompt = z.output<typeof workspacePromptSchema>;

async function tagsById(services: Services, prompts: readonly PromptDoc[]): Promise<Map<string, Tag>> {
  const tagIds = [...new Set(prompts.flatMap(({ tagIds }) => tagIds))];
  if (tagIds.length === 0) return new Map();
  const tags = await (await directoryCollection(services, 'tags')).find({ _id: { $in: tagIds } });
  return new Map(tags.map(({ _id, name, color }) => [_id, { id: _id, name, color }]));
}

async function reportIdsByPrompt(services: Services, prompts: readonly PromptDoc[]): Promise<Map<string, string[]>> {
  if (prompts.length === 0) return new Map();
  const reports = await brandReportCollection(services.readModels);
  const promptIds = prompts.map(({ _id }) => _id);
  const holding = await reports.find({ 'prompts.promptId': { $in: promptIds } }, { sort: { createdDate: 1, _id: 1 } });
  const byPrompt = new Map<string, string[]>();
  for (const report of holding) {
    for (const { promptId } of report.prompts) if (promptIds.includes(promptId)) byPrompt.set(promptId, [...(byPrompt.get(promptId) ?? []), report._id]);
  }
  return byPrompt;
}

/** Prompt documents as the API answers them, with their tags and reports resolved now. */
export async function promptResources(services: Services, prompts: readonly PromptDoc[]): Promise<WorkspacePrompt[]> {
  const [tags, reports] = await Promise.all([tagsById(services, prompts), reportIdsByPrompt(services, prompts)]);
  return prompts.map((prompt) => ({
    id: prompt._id,
    workspaceId: prompt.workspaceId,
    prompt: prompt.text,
    country: prompt.country,
    intentVolume: prompt.intentVolume,
    // A deleted tag leaves the prompt's tagIds through later events; until then it is skipped here.
    tagIds: prompt.tagIds.filter((tagId) => tags.has(tagId)),
    tags: prompt.tagIds.flatMap((tagId) => tags.get(tagId) ?? []),
    brandReportIds: reports.get(prompt._id) ?? [],
    createdDate: prompt.createdDate,
  }));
}
