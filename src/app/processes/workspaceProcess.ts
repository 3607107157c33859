import { brandReportDecider } from '../../domain/brandReport/decide.js';
import { brandReportStream, type PromptsAssignedToReport } from '../../domain/brandReport/events.js';
import { promptDecider } from '../../domain/prompt/decide.js';
import { promptStream, type PromptCreated, type PromptDeleted, type PromptTagsReplaced } from '../../domain/prompt/events.js';
import type { PromptsAllocated } from '../../domain/promptAllocation/decide.js';
import { tagDecider } from '../../domain/tag/decide.js';
import { tagStream, type TagDeleted } from '../../domain/tag/events.js';
import { brandReportCollection } from '../../projections/brandReports/reader.js';
import { fulfilPromptRequest, releasePrompt } from '../prompts/prompts.js';
import { loadState, requireWorkspace } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { directoryCollection } from '../shared/directory.js';
import type { Services } from '../shared/services.js';
import { releaseTagName } from '../tags/tags.js';
import type { Process, ProcessEvent } from './processRunner.js';

type WorkspaceEvent = PromptsAllocated | PromptDeleted | TagDeleted | PromptsAssignedToReport | PromptCreated | PromptTagsReplaced;

const removePromptFromReport = (context: AppContext, reportId: string, promptId: string) =>
  handleCommand(context.eventStore, brandReportStream(reportId), brandReportDecider, {
    type: 'RemoveDeletedPromptFromReport',
    data: { reportId, promptId, now: nowIso(context) },
  });

const removeTagFromPrompt = (context: AppContext, promptId: string, tagId: string) =>
  handleCommand(context.eventStore, promptStream(promptId), promptDecider, {
    type: 'RemoveDeletedTagFromPrompt',
    data: { promptId, tagId, now: nowIso(context) },
  });

/** The prompt leaves every report holding it (each then recalculates its history) and frees its slot. */
async function promptDeleted(event: ProcessEvent<PromptDeleted>, services: Services): Promise<void> {
  const { promptId, workspaceId } = event.data;
  await services.readYourWrites(event.position);
  const reports = await brandReportCollection(services.readModels);
  for (const report of await reports.find({ 'prompts.promptId': promptId })) await removePromptFromReport(services, report._id, promptId);
  await releasePrompt(services, (await requireWorkspace(services.eventStore, workspaceId)).teamId, promptId);
}

/** The tag leaves every prompt carrying it, and its name is free again. */
async function tagDeleted(event: ProcessEvent<TagDeleted>, services: Services): Promise<void> {
  const { tagId, workspaceId } = event.data;
  await services.readYourWrites(event.position);
  const prompts = await directoryCollection(services, 'prompts');
  for (const prompt of await prompts.find({ workspaceId, tagIds: tagId })) await removeTagFromPrompt(services, prompt._id, tagId);
  await releaseTagName(services, { workspaceId, tagId });
}

/** A report given a prompt that was deleted meanwhile (a PATCH that read it just before the deletion) drops it. */
async function promptsAssigned(event: ProcessEvent<PromptsAssignedToReport>, services: Services): Promise<void> {
  for (const { promptId } of event.data.prompts) {
    const prompt = await loadState(services.eventStore, promptStream(promptId), promptDecider);
    if (prompt.status === 'deleted') await removePromptFromReport(services, event.data.reportId, promptId);
  }
}

/** A prompt given a tag that was deleted meanwhile drops it. */
async function tagsGiven(event: ProcessEvent<PromptCreated | PromptTagsReplaced>, services: Services): Promise<void> {
  for (const tagId of event.data.tagIds) {
    const tag = await loadState(services.eventStore, tagStream(tagId), tagDecider);
    if (tag.status === 'deleted') await removeTagFromPrompt(services, event.data.promptId, tagId);
  }
}

/**
 * What workspace writes leave to be done after their answer: creating the prompts of an
 * asynchronous batch, and the effects of deleting a prompt or a tag on the reports and prompts that hold them.
 */
export const workspaceProcess: Process<WorkspaceEvent> = {
  name: 'workspace',
  eventTypes: ['PromptsAllocated', 'PromptDeleted', 'TagDeleted', 'PromptsAssignedToReport', 'PromptCreated', 'PromptTagsReplaced'],
  async handle(event, services) {
    switch (event.type) {
      case 'PromptsAllocated':
        if (event.data.request) await fulfilPromptRequest(services, event.data.teamId, event.data.request);
        return;
      case 'PromptDeleted':
        return promptDeleted(event, services);
      case 'TagDeleted':
        return tagDeleted(event, services);
      case 'PromptsAssignedToReport':
        return promptsAssigned(event, services);
      case 'PromptCreated':
      case 'PromptTagsReplaced':
        return tagsGiven(event, services);
    }
  },
};
