import type { AgentVisit } from './classify.js';
import { detached } from './detached.js';

/**
 * Visits folded per day, agent and page: the compact form an ingestion records (one event per batch of rows,
 * not one per log line). Counts add up across batches and ingestions.
 */
export interface AgentVisitRow {
  day: string;
  agent: string;
  path: string;
  visits: number;
  verifiedVisits: number;
  spoofedVisits: number;
}

/** Accumulates visits into rows as a log streams; memory grows with distinct (day, agent, path), not lines. */
export interface VisitAggregator {
  add(visit: AgentVisit): void;
  /** The rows so far, ordered by day, then agent, then path. */
  rows(): AgentVisitRow[];
}

const compareRows = (left: AgentVisitRow, right: AgentVisitRow): number =>
  left.day.localeCompare(right.day) || left.agent.localeCompare(right.agent) || (left.path < right.path ? -1 : left.path > right.path ? 1 : 0);

export function createVisitAggregator(): VisitAggregator {
  const rowsByKey = new Map<string, AgentVisitRow>();
  return {
    add(visit) {
      const key = `${visit.day}\u0000${visit.agent}\u0000${visit.path}`;
      let row = rowsByKey.get(key);
      if (row === undefined) {
        row = { day: detached(visit.day), agent: visit.agent, path: detached(visit.path), visits: 0, verifiedVisits: 0, spoofedVisits: 0 };
        rowsByKey.set(detached(key), row);
      }
      row.visits += 1;
      if (visit.verification === 'verified') row.verifiedVisits += 1;
      else if (visit.verification === 'spoofed') row.spoofedVisits += 1;
    },
    rows: () => [...rowsByKey.values()].map((row) => ({ ...row })).sort(compareRows),
  };
}

/** The rows of a set of visits. */
export function aggregateVisits(visits: Iterable<AgentVisit>): AgentVisitRow[] {
  const aggregator = createVisitAggregator();
  for (const visit of visits) aggregator.add(visit);
  return aggregator.rows();
}

/** Rows split into batches of at most `size`, each the payload of one event. */
export function batchRows<Row>(rows: readonly Row[], size: number): Row[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size must be a positive integer, got ${size}`);
  const batches: Row[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}
