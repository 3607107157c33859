import type { Position } from '../ports/eventStore.js';
import type { ReadModels } from '../projections/runner/readModels.js';
import type { AppContext } from './context.js';
import type { ApiRequestCounters } from './quota.js';

/** What the queries and the edges (REST, MCP) need beyond the write side's context. */
export interface Services {
  context: AppContext;
  readModels: ReadModels;
  /** One per process: it coalesces the quota writes of concurrent requests. */
  apiRequestCounters: ApiRequestCounters;
  /** Resolves once every read model reflects the events up to `position`; null means nothing was written. */
  readYourWrites(position: Position | null): Promise<void>;
}
