import type { DomainEvent } from '../shared/decider.js';
import type { Plan, PlanLimits } from './plans.js';

export const teamStream = (teamId: string): string => `team-${teamId}`;

export type TeamCreated = DomainEvent<
  'TeamCreated',
  { teamId: string; name: string; plan: Plan; limits: PlanLimits; createdDate: string }
>;

/** Carries the complete resulting limits, so a reader never needs the plan table of the day it happened. */
export type TeamPlanChanged = DomainEvent<
  'TeamPlanChanged',
  { teamId: string; plan: Plan; limits: PlanLimits; subscriptionEndDate: string | null; changedDate: string }
>;

export type TeamEvent = TeamCreated | TeamPlanChanged;

export interface ActiveTeam {
  status: 'active';
  teamId: string;
  name: string;
  plan: Plan;
  limits: PlanLimits;
  /** YYYY-MM-DD (UTC) or null when the subscription has no end. */
  subscriptionEndDate: string | null;
  createdDate: string;
}

export type TeamState = { status: 'absent' } | ActiveTeam;

export const initialState = (): TeamState => ({ status: 'absent' });

export function evolve(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated':
      return { status: 'active', ...event.data, subscriptionEndDate: null };
    case 'TeamPlanChanged': {
      if (state.status !== 'active') return state;
      const { plan, limits, subscriptionEndDate } = event.data;
      return { ...state, plan, limits, subscriptionEndDate };
    }
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
