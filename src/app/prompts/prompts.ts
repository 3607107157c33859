import { brandReportDecider } from '../../domain/brandReport/decide.js';
import { brandReportStream, reportPromptIds } from '../../domain/brandReport/events.js';
import type { PromptsContext } from '../../domain/brandReport/promptAssignment.js';
import { REPORT_LIMITS } from '../../domain/brandReport/schema.js';
import { promptDecider } from '../../domain/prompt/decide.js';
import { promptStream } from '../../domain/prompt/events.js';
import { promptAllocationDecider, promptAllocationStream, type PromptRequest } from '../../domain/promptAllocation/decide.js';
import type { CountryCode } from '../../domain/shared/countries.js';
import { ConflictError, DomainError, type ValidationIssue } from '../../domain/shared/errors.js';
import { issuesFromZod, validationFailed } from '../../domain/shared/zodIssues.js';
import { createPromptInputSchema } from '../../domain/prompt/schema.js';
import type { Position } from '../../ports/eventStore.js';
import { loadState, requireTeam, requireWorkspace } from '../shared/aggregates.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import type { OwnedByWorkspace } from '../shared/principal.js';
import { tagsOfWorkspace } from '../tags/tags.js';

/** Prompts to create in one workspace and country, with the tags and reports they get. */
export interface PromptsToCreate {
  workspaceId: string;
  country: CountryCode;
  prompts: ReadonlyArray<{ text: string; intentVolume?: number | undefined }>;
  tagIds: readonly string[];
  brandReportIds: readonly string[];
}

export interface RequestedPrompts {
  teamId: string;
  request: PromptRequest;
  position: Position | null;
}

const issue = (path: string, message: string): ValidationIssue => ({ path, message, code: 'custom' });

/** Each prompt as the prompt's own schema takes it (text, country, intent volume), issues named by its index. */
function promptIssues(input: PromptsToCreate): ValidationIssue[] {
  return input.prompts.flatMap(({ text, intentVolume }, index) => {
    const parsed = createPromptInputSchema.safeParse({ country: input.country, text, tagIds: [], ...(intentVolume === undefined ? {} : { intentVolume }) });
    if (parsed.success) return [];
    return issuesFromZod(parsed.error).map((found) => ({ ...found, path: found.path === 'country' ? 'country' : `prompts.${index}.${found.path}` }));
  });
}

/** Unknown tags and reports of the workspace, and reports that would pass their prompt limit, as input issues. */
async function referenceIssues(context: AppContext, input: PromptsToCreate): Promise<ValidationIssue[]> {
  const tags = await tagsOfWorkspace(context, input.workspaceId, input.tagIds);
  const issues = input.tagIds.flatMap((tagId, index) =>
    tags.has(tagId) ? [] : [issue(`tagIds.${index}`, `Tag "${tagId}" does not exist in workspace ${input.workspaceId}`)],
  );
  for (const [index, reportId] of input.brandReportIds.entries()) {
    const report = await loadState(context.eventStore, brandReportStream(reportId), brandReportDecider);
    if (report.status !== 'active' || report.workspaceId !== input.workspaceId) {
      issues.push(issue(`brandReportIds.${index}`, `Brand report "${reportId}" does not exist in workspace ${input.workspaceId}`));
    } else if (reportPromptIds(report).length + input.prompts.length > REPORT_LIMITS.promptIds) {
      issues.push(issue(`brandReportIds.${index}`, `Brand report "${reportId}" would track more than ${REPORT_LIMITS.promptIds} prompts`));
    }
  }
  return issues;
}

/**
 * The first half of creating prompts: the whole batch is validated up front (its tags and reports exist in the
 * workspace) and its slots are taken from the team's allocation in one append that also records what to create,
 * under ids fixed now. Nothing is created when any of it fails: a 400, or a 429 when the batch does not fit.
 * `workspace` is the input's, found (and for a credential checked) by the caller.
 */
export async function requestPrompts(context: AppContext, workspace: OwnedByWorkspace, input: PromptsToCreate): Promise<RequestedPrompts> {
  const team = await requireTeam(context.eventStore, workspace.teamId);
  const issues = [...promptIssues(input), ...(await referenceIssues(context, input))];
  if (issues.length > 0) throw validationFailed(issues, 'body');
  const request: PromptRequest = {
    batchId: newId('batch'),
    workspaceId: input.workspaceId,
    country: input.country,
    prompts: input.prompts.map(({ text, intentVolume }) => ({ promptId: newId('prompt'), text, intentVolume: intentVolume ?? null })),
    tagIds: [...new Set(input.tagIds)],
    brandReportIds: [...new Set(input.brandReportIds)],
  };
  const { position } = await handleCommand(context.eventStore, promptAllocationStream(team.teamId), promptAllocationDecider, {
    type: 'AllocatePrompts',
    data: { teamId: team.teamId, promptIds: request.prompts.map(({ promptId }) => promptId), promptsMax: team.limits.promptsMax, now: nowIso(context), request },
  });
  return { teamId: team.teamId, request, position };
}

/**
 * The second half: creates each requested prompt unless it exists, then adds them to the requested reports.
 * Safe to run again, and by two processes at once (a request answered inline and the workspace process): ids are
 * fixed by the request, a prompt stream is created once, and an assignment skips prompts already assigned.
 * Tags deleted since the request are left out rather than refusing the prompt.
 */
export async function fulfilPromptRequest(context: AppContext, teamId: string, request: PromptRequest): Promise<Position | null> {
  let position: Position | null = null;
  const tagIds = [...(await tagsOfWorkspace(context, request.workspaceId, request.tagIds))];
  for (const { promptId, text, intentVolume } of request.prompts) {
    const prompt = await loadState(context.eventStore, promptStream(promptId), promptDecider);
    if (prompt.status !== 'absent') continue;
    const data = { promptId, workspaceId: request.workspaceId, teamId, country: request.country, text, tagIds, workspaceTagIds: new Set(tagIds), now: nowIso(context) };
    const created = await handleCommand(context.eventStore, promptStream(promptId), promptDecider, {
      type: 'CreatePrompt',
      data: intentVolume === null ? data : { ...data, intentVolume },
    }).catch((error: unknown) => {
      if (error instanceof ConflictError) return null;
      throw error;
    });
    position = created?.position ?? position;
  }
  if (request.brandReportIds.length === 0) return position;
  const prompts = await promptsContext(context, request.prompts.map(({ promptId }) => promptId));
  for (const reportId of request.brandReportIds) {
    const assigned = await handleCommand(context.eventStore, brandReportStream(reportId), brandReportDecider, {
      type: 'AssignPromptsToReport',
      data: { reportId, promptIds: [...prompts.keys()], prompts, now: nowIso(context) },
    }).catch((error: unknown) => {
      // A report changed since the request (now full): the prompts exist and stay out of it.
      if (error instanceof DomainError && error.status < 500) return null;
      throw error;
    });
    position = assigned?.position ?? position;
  }
  return position;
}

/** A prompt to create, and where (the CLI and the demo create one at a time). */
export interface PromptCreation {
  workspaceId: string;
  country: CountryCode;
  text: string;
  tagIds?: string[];
  intentVolume?: number;
}

/** One prompt, created at once, as the operator: the same two halves as a batch. */
export async function createPrompt(context: AppContext, input: PromptCreation): Promise<Created> {
  const { teamId, request } = await requestPrompts(context, await requireWorkspace(context.eventStore, input.workspaceId), {
    workspaceId: input.workspaceId,
    country: input.country,
    prompts: [{ text: input.text, intentVolume: input.intentVolume }],
    tagIds: input.tagIds ?? [],
    brandReportIds: [],
  });
  const position = await fulfilPromptRequest(context, teamId, request);
  return { id: request.prompts[0]?.promptId ?? '', position };
}

/** Replaces the prompt's tags with the given set (`[]` removes all); only tags can change. */
export async function replacePromptTags(context: AppContext, input: { workspaceId: string; promptId: string; tagIds: string[] }): Promise<Position | null> {
  const workspaceTagIds = await tagsOfWorkspace(context, input.workspaceId, input.tagIds);
  const result = await handleCommand(context.eventStore, promptStream(input.promptId), promptDecider, {
    type: 'ReplacePromptTags',
    data: { ...input, workspaceTagIds, now: nowIso(context) },
  });
  return result.position;
}

/** Deletes the prompt and frees its slot; the reports holding it drop it asynchronously (the workspace process). */
export async function deletePrompt(context: AppContext, workspace: OwnedByWorkspace, input: { workspaceId: string; promptId: string }): Promise<Position | null> {
  const result = await handleCommand(context.eventStore, promptStream(input.promptId), promptDecider, {
    type: 'DeletePrompt',
    data: { ...input, now: nowIso(context) },
  });
  await releasePrompt(context, workspace.teamId, input.promptId);
  return result.position;
}

export async function releasePrompt(context: AppContext, teamId: string, promptId: string): Promise<void> {
  await handleCommand(context.eventStore, promptAllocationStream(teamId), promptAllocationDecider, {
    type: 'ReleasePrompt',
    data: { teamId, promptId, now: nowIso(context) },
  });
}

/** Looks up the prompts a report command names: existing, not deleted, with their workspace and country. */
export async function promptsContext(context: AppContext, promptIds: readonly unknown[]): Promise<PromptsContext> {
  const prompts = new Map<string, { workspaceId: string; country: string }>();
  for (const promptId of new Set(promptIds)) {
    if (typeof promptId !== 'string' || promptId.length === 0 || promptId.length > 64) continue;
    const prompt = await loadState(context.eventStore, promptStream(promptId), promptDecider);
    if (prompt.status === 'active') prompts.set(promptId, { workspaceId: prompt.workspaceId, country: prompt.country });
  }
  return prompts;
}
