import type { DomainEvent } from '../shared/decider.js';
import { changedSetting, legacySetting, type RunsPerDaySetting } from './runsPerDay.js';

export const workspaceStream = (workspaceId: string): string => `workspace-${workspaceId}`;

/** `runsPerDay` is absent from workspaces created before replicates existed: they read as 1. */
export type WorkspaceCreated = DomainEvent<
  'WorkspaceCreated',
  { workspaceId: string; teamId: string; name: string; createdDate: string; runsPerDay?: number }
>;

export type WorkspaceRunsPerDaySet = DomainEvent<
  'WorkspaceRunsPerDaySet',
  { workspaceId: string; teamId: string; runsPerDay: number; updatedDate: string }
>;

export type WorkspaceEvent = WorkspaceCreated | WorkspaceRunsPerDaySet;

export type WorkspaceState =
  | { status: 'absent' }
  | { status: 'active'; workspaceId: string; teamId: string; name: string; createdDate: string; updatedDate: string; runs: RunsPerDaySetting };

export const initialState = (): WorkspaceState => ({ status: 'absent' });

export function evolve(state: WorkspaceState, event: WorkspaceEvent): WorkspaceState {
  switch (event.type) {
    case 'WorkspaceCreated': {
      const { runsPerDay, ...created } = event.data;
      return { status: 'active', ...created, updatedDate: created.createdDate, runs: legacySetting(runsPerDay) };
    }
    case 'WorkspaceRunsPerDaySet':
      if (state.status !== 'active') return state;
      return { ...state, updatedDate: event.data.updatedDate, runs: changedSetting(state.runs, event.data.runsPerDay, event.data.updatedDate) };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
