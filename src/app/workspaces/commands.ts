import { workspaceDecider } from '../../domain/workspace/decide.js';
import { workspaceStream } from '../../domain/workspace/events.js';
import { requireTeam } from '../shared/aggregates.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';

export async function createWorkspace(context: AppContext, input: { teamId: string; name: string; runsPerDay?: number | undefined }): Promise<Created> {
  await requireTeam(context.eventStore, input.teamId);
  const workspaceId = newId('workspace');
  const result = await handleCommand(context.eventStore, workspaceStream(workspaceId), workspaceDecider, {
    type: 'CreateWorkspace',
    data: { workspaceId, teamId: input.teamId, name: input.name, ...(input.runsPerDay === undefined ? {} : { runsPerDay: input.runsPerDay }), now: nowIso(context) },
  });
  return { id: workspaceId, position: result.position };
}

/** Sets how many times a day each prompt runs per engine; the scheduler uses it from the next UTC day. */
export async function setRunsPerDay(context: AppContext, input: { workspaceId: string; runsPerDay: number }): Promise<Created> {
  const result = await handleCommand(context.eventStore, workspaceStream(input.workspaceId), workspaceDecider, {
    type: 'SetRunsPerDay',
    data: { ...input, now: nowIso(context) },
  });
  return { id: input.workspaceId, position: result.position };
}
