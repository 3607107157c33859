import type { EngineDescription } from '../../engines/index.js';
import type { Position } from '../../ports/eventStore.js';
import type { ReadModels } from '../../projections/runner/readModels.js';
import type { HealthReport } from '../system/health.js';
import type { AppContext } from './context.js';

/** What the operations need beyond the write side's context; the composition root builds it. */
export interface Services {
  context: AppContext;
  readModels: ReadModels;
  /** The engines as configured: which run for real and where. */
  engines: readonly EngineDescription[];
  /** Stores in use and projection lag. */
  health(): Promise<HealthReport>;
  /** Resolves once every read model reflects the events up to `position`; null means nothing was written. */
  readYourWrites(position: Position | null): Promise<void>;
}
