import type { DomainEvent } from '../shared/decider.js';
import type { EngineId } from '../shared/engines.js';
import type { WatchKind } from './schema.js';

export const watchStream = (watchId: string): string => `watch-${watchId}`;

export interface WatchFields {
  watchId: string;
  reportId: string;
  kind: WatchKind;
  /** Null: every engine. */
  engines: EngineId[] | null;
  threshold: number;
  competitor: string | null;
}

export type WatchAdded = DomainEvent<'WatchAdded', WatchFields & { createdDate: string }>;
export type WatchRemoved = DomainEvent<'WatchRemoved', { watchId: string; reportId: string; removedDate: string }>;
export type WatchEvent = WatchAdded | WatchRemoved;

export type WatchState =
  | { status: 'absent' }
  | ({ status: 'active'; createdDate: string } & WatchFields)
  | { status: 'removed'; watchId: string; reportId: string };

export const initialState = (): WatchState => ({ status: 'absent' });

export function evolve(state: WatchState, event: WatchEvent): WatchState {
  switch (event.type) {
    case 'WatchAdded':
      return { status: 'active', ...event.data };
    case 'WatchRemoved':
      return { status: 'removed', watchId: event.data.watchId, reportId: event.data.reportId };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}

/**
 * One stream per watch and day (`date`, the current window's last day): an alert is raised by appending to a
 * stream that must not exist yet, so a replay or a restart that evaluates the same day again raises nothing.
 */
export const alertStream = (watchId: string, date: string): string => `alert-${watchId}-${date}`;

export interface AlertFields {
  alertId: string;
  reportId: string;
  watchId: string;
  kind: WatchKind;
  date: string;
  title: string;
  statistics: Record<string, unknown>;
  evidence: Record<string, unknown>;
}

export type AlertRaised = DomainEvent<'AlertRaised', AlertFields & { createdDate: string }>;
