import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { isDeepStrictEqual } from 'node:util';
import { parseOrThrow } from '../shared/zodIssues.js';
import { evolve, initialState, type ActiveTeam, type TeamEvent, type TeamState } from './events.js';
import { planDefaults, type PlanLimits } from './plans.js';
import {
  createTeamInputSchema,
  setTeamPlanInputSchema,
  type CreateTeamInput,
  type SetTeamPlanInput,
} from './schema.js';

export type CreateTeam = DomainCommand<'CreateTeam', CreateTeamInput & { teamId: string; now: string }>;
export type SetTeamPlan = DomainCommand<'SetTeamPlan', SetTeamPlanInput & { teamId: string; now: string }>;
export type TeamCommand = CreateTeam | SetTeamPlan;

export function decide(command: TeamCommand, state: TeamState): TeamEvent[] {
  switch (command.type) {
    case 'CreateTeam':
      return createTeam(command.data, state);
    case 'SetTeamPlan':
      if (state.status !== 'active') throw new NotFoundError(`Team ${command.data.teamId} not found`, 'teamId');
      return setTeamPlan(command.data, state);
    default:
      return assertNever(command);
  }
}

function createTeam({ teamId, now, ...fields }: CreateTeam['data'], state: TeamState): TeamEvent[] {
  if (state.status !== 'absent') throw new ConflictError(`Team ${teamId} already exists`);
  const { name, plan } = parseOrThrow(createTeamInputSchema, fields);
  return [{ type: 'TeamCreated', data: { teamId, name, plan, limits: { ...planDefaults[plan] }, createdDate: now } }];
}

/** Limits and plan only: usage counted in the current period lives elsewhere and is never reset here. */
function setTeamPlan({ teamId, now, ...fields }: SetTeamPlan['data'], team: ActiveTeam): TeamEvent[] {
  const input = parseOrThrow(setTeamPlanInputSchema, fields);
  // Re-sending the current plan must not wipe limits negotiated earlier, so they are the base on the same plan.
  const base = input.plan === team.plan ? team.limits : planDefaults[input.plan];
  const limits: PlanLimits = {
    promptsMax: input.promptsMax ?? base.promptsMax,
    geoAuditsMax: input.geoAuditsMax ?? base.geoAuditsMax,
    apiRequestsMax: input.apiRequestsMax ?? base.apiRequestsMax,
    mcpRequestsMax: input.mcpRequestsMax === undefined ? base.mcpRequestsMax : input.mcpRequestsMax,
  };
  const subscriptionEndDate =
    input.subscriptionEndDate === undefined ? team.subscriptionEndDate : input.subscriptionEndDate;
  const unchanged =
    input.plan === team.plan && isDeepStrictEqual(limits, team.limits) && subscriptionEndDate === team.subscriptionEndDate;
  if (unchanged) return [];
  const { plan } = input;
  return [{ type: 'TeamPlanChanged', data: { teamId, plan, limits, subscriptionEndDate, changedDate: now } }];
}

export const teamDecider: Decider<TeamState, TeamCommand, TeamEvent> = { initialState, evolve, decide };
