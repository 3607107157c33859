import type { PromptCreated, PromptDeleted, PromptEvent } from '../../domain/prompt/events.js';
import { isCountryCode } from '../../domain/shared/countries.js';
import { START, type EventStore } from '../../ports/eventStore.js';
import { evolve, initialState, workspaceStream, type WorkspaceEvent } from '../../domain/workspace/events.js';
import { legacySetting, type RunsPerDaySetting } from '../../domain/workspace/runsPerDay.js';
import { directoryCollection, workspaceRuns } from '../../projections/directory/reader.js';
import type { ReadModels } from '../../projections/index.js';
import type { PromptSource, ScheduledPrompt } from './plan.js';

/**
 * The server's source: every active prompt of the directory read model, which the projection runner keeps
 * current, with its workspace's replicates setting.
 */
export function directoryPrompts(readModels: ReadModels): PromptSource {
  return async () => {
    const prompts = await directoryCollection(readModels, 'prompts');
    const documents = await prompts.find({}, { projection: { workspaceId: 1, teamId: 1, country: 1, text: 1 } });
    const workspaces = await (await directoryCollection(readModels, 'workspaces')).find({}, { projection: { runs: 1 } });
    const runsOf = new Map(workspaces.map((workspace) => [workspace._id, workspaceRuns(workspace)]));
    return documents.flatMap(({ _id, workspaceId, teamId, country, text }) =>
      isCountryCode(country) ? [{ promptId: _id, workspaceId, teamId, country, text, runs: runsOf.get(workspaceId) ?? legacySetting(undefined) }] : [],
    );
  };
}

/** A workspace's replicates setting, folded from its stream. */
async function workspaceRunsFromLog(eventStore: EventStore, workspaceId: string): Promise<RunsPerDaySetting> {
  let state = initialState();
  for (const { type, data } of await eventStore.readStream(workspaceStream(workspaceId))) state = evolve(state, { type, data } as WorkspaceEvent);
  return state.status === 'active' ? state.runs : legacySetting(undefined);
}

const PAGE_SIZE = 5_000;
const PROMPT_LIFECYCLE: readonly PromptEvent['type'][] = ['PromptCreated', 'PromptDeleted'];

/**
 * The active prompts of one workspace, in creation order, folded from the event log: the CLI cannot count on a
 * read model being current (the server may be down or behind).
 */
export async function workspacePromptsFromLog(eventStore: EventStore, workspaceId: string): Promise<ScheduledPrompt[]> {
  const runs = await workspaceRunsFromLog(eventStore, workspaceId);
  const active = new Map<string, ScheduledPrompt>();
  for (let from = START; ; ) {
    const page = await eventStore.readAll({ from, maxCount: PAGE_SIZE, filter: { eventTypes: PROMPT_LIFECYCLE } });
    for (const { type, data } of page.events) {
      const prompt = { type, data } as PromptCreated | PromptDeleted;
      if (prompt.data.workspaceId !== workspaceId) continue;
      if (prompt.type === 'PromptDeleted') active.delete(prompt.data.promptId);
      else active.set(prompt.data.promptId, { promptId: prompt.data.promptId, workspaceId, teamId: prompt.data.teamId, country: prompt.data.country, text: prompt.data.text, runs });
    }
    if (page.events.length < PAGE_SIZE) return [...active.values()];
    from = page.scannedTo;
  }
}
