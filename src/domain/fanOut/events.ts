import type { AuditRequestFacts } from '../audits/events.js';
import type { CountryCode } from '../shared/countries.js';
import type { DomainEvent } from '../shared/decider.js';
import type { EngineId } from '../shared/engines.js';
import type { EngineFanOut } from './schema.js';

/**
 * A query fan-out run as events. It is requested in the team's GEO audit allocation,
 * which counts it; a worker then starts it (again after a crash: each start is an attempt) and records its
 * outcome once, in the run's own stream.
 */
export const queryFanOutStream = (fanOutId: string): string => `queryFanOut-${fanOutId}`;

export interface QueryFanOutRequest extends AuditRequestFacts {
  fanOutId: string;
  query: string;
  country: CountryCode;
  /** Distinct, in the order asked. */
  engines: EngineId[];
}

export type QueryFanOutRequested = DomainEvent<'QueryFanOutRequested', QueryFanOutRequest>;
export type QueryFanOutStarted = DomainEvent<'QueryFanOutStarted', { fanOutId: string; startedDate: string; attempt: number }>;
export type QueryFanOutCompleted = DomainEvent<'QueryFanOutCompleted', { fanOutId: string; completedDate: string; engines: EngineFanOut[] }>;
export type QueryFanOutFailed = DomainEvent<'QueryFanOutFailed', { fanOutId: string; completedDate: string; error: string }>;

/** The events of a run's own stream. */
export type QueryFanOutRunEvent = QueryFanOutStarted | QueryFanOutCompleted | QueryFanOutFailed;

/** A fan-out's states: pending until a worker starts it, running, then completed or failed. */
export type QueryFanOutStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface QueryFanOutState {
  status: QueryFanOutStatus;
  /** Starts so far; more than one means a worker died during an earlier one. */
  attempts: number;
}

export const initialQueryFanOutState = (): QueryFanOutState => ({ status: 'pending', attempts: 0 });

export function evolveQueryFanOut(state: QueryFanOutState, event: QueryFanOutRunEvent): QueryFanOutState {
  switch (event.type) {
    case 'QueryFanOutStarted':
      return { status: 'running', attempts: event.data.attempt };
    case 'QueryFanOutCompleted':
      return { ...state, status: 'completed' };
    case 'QueryFanOutFailed':
      return { ...state, status: 'failed' };
    default: {
      // An event type this code does not know (written by a newer version) is skipped.
      const _unknown: never = event;
      return state;
    }
  }
}
