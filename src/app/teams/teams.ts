import { teamDecider, type SetTeamPlan } from '../../domain/team/decide.js';
import { teamStream } from '../../domain/team/events.js';
import type { Plan } from '../../domain/team/plans.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';

export async function createTeam(context: AppContext, input: { name: string; plan?: Plan }): Promise<Created> {
  const teamId = newId('team');
  const result = await handleCommand(context.eventStore, teamStream(teamId), teamDecider, {
    type: 'CreateTeam',
    data: { teamId, name: input.name, plan: input.plan ?? 'trial', now: nowIso(context) },
  });
  return { id: teamId, position: result.position };
}

export async function setTeamPlan(
  context: AppContext,
  input: Omit<SetTeamPlan['data'], 'now'>,
): Promise<Created> {
  const result = await handleCommand(context.eventStore, teamStream(input.teamId), teamDecider, {
    type: 'SetTeamPlan',
    data: { ...input, now: nowIso(context) },
  });
  return { id: input.teamId, position: result.position };
}
