import type { Engine, EngineId } from './engine.js';
import type { EngineFactoryOptions, EngineKeys } from './keys.js';
import { ENGINE_PROFILES } from './profiles/index.js';
import { SimulatedEngine } from './simulator/index.js';

export * from './engine.js';
export type { EngineFactoryOptions, EngineKeys } from './keys.js';
export * from './errors.js';
export { ENGINE_PROFILES, profileOf, type EngineProfile } from './profiles/index.js';
export { SimulatedEngine, simulateAnswer, SIMULATOR_MODEL } from './simulator/index.js';
export * from './fanOut/index.js';

/** One engine per engine value: the real adapter when its key is configured, the simulator otherwise. */
export function createEngines(keys: EngineKeys, options: EngineFactoryOptions = {}): Record<EngineId, Engine> {
  const engines = {} as Record<EngineId, Engine>;
  for (const profile of ENGINE_PROFILES) {
    const apiKey = keys[profile.key];
    engines[profile.id] = apiKey ? profile.adapter({ apiKey, timeoutMs: options.timeoutMs }) : new SimulatedEngine(profile.id);
  }
  return engines;
}
export interface EngineDescription {
  engine: EngineId;
  name: string;
  /** True when the engine's key is not configured and its answers come from the simulator. */
  simulated: boolean;
  countries: readonly string[];
}

/** What `GET /v1/engines` and the `list_engines` MCP tool list. */
export function describeEngines(keys: EngineKeys): EngineDescription[] {
  return ENGINE_PROFILES.map(({ id, name, key, countries }) => ({ engine: id, name, simulated: !keys[key], countries }));
}
