import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EngineId } from '../../domain/shared/engines.js';
import { createEngines, SimulatedEngine, type Engine, type EngineKeys } from '../../engines/index.js';
import { ReadModels } from '../../projections/runner/readModels.js';
import type { AppContext } from '../context.js';
import type { EngineLimit } from './limits.js';
import { directoryPrompts } from './promptSources.js';
import { DEFAULT_ENGINE_LIMIT, DEFAULT_LIMITS, RunScheduler } from './scheduler.js';

export { RunScheduler } from './scheduler.js';

/** The simulator costs nothing and limits nobody: only real providers are paced. */
const SIMULATOR_LIMIT: EngineLimit = { concurrency: DEFAULT_LIMITS.concurrency, minIntervalMs: 0 };

/**
 * The server's scheduler: prompts from the directory read model; each engine real when its key is configured,
 * the simulator otherwise; real engines paced, simulators not.
 */
export function createRunScheduler(context: AppContext, keys: EngineKeys): RunScheduler {
  const engines = createEngines(keys);
  const engineLimits: Partial<Record<EngineId, EngineLimit>> = {};
  for (const [engine, adapter] of Object.entries(engines) as Array<[EngineId, Engine]>) {
    engineLimits[engine] = adapter instanceof SimulatedEngine ? SIMULATOR_LIMIT : DEFAULT_ENGINE_LIMIT;
  }
  return new RunScheduler({
    context,
    engines,
    prompts: directoryPrompts(new ReadModels(context.documentStore)),
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    engineLimits,
  });
}
