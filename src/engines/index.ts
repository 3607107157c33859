import { ChatGptEngine } from './adapters/chatgpt.js';
import { ClaudeEngine } from './adapters/claude.js';
import { GeminiEngine } from './adapters/gemini.js';
import type { AdapterOptions } from './adapters/options.js';
import { PerplexityEngine } from './adapters/perplexity.js';
import { CopilotEngine } from './adapters/serpapi/copilot.js';
import { GoogleAiModeEngine } from './adapters/serpapi/googleAiMode.js';
import { GoogleAiOverviewEngine } from './adapters/serpapi/googleAiOverview.js';
import { SUPPORTED_COUNTRIES } from './countries.js';
import { ENGINE_IDS, type Engine, type EngineId } from './engine.js';
import { SimulatedEngine } from './simulator/index.js';
import type { EngineFactoryOptions, EngineKeys } from './keys.js';
import { ENGINE_NAMES } from '../domain/shared/engines.js';

export * from './engine.js';
export type { EngineFactoryOptions, EngineKeys } from './keys.js';
export * from './errors.js';
export { SUPPORTED_COUNTRIES } from './countries.js';
export { SimulatedEngine, simulateAnswer, SIMULATOR_MODEL } from './simulator/index.js';
export * from './fanOut/index.js';

interface EngineSpec {
  key: keyof EngineKeys;
  create: (options: AdapterOptions) => Engine;
}

const ENGINE_SPECS: Record<EngineId, EngineSpec> = {
  chatgpt: { key: 'openai', create: (options) => new ChatGptEngine(options) },
  google: { key: 'serpapi', create: (options) => new GoogleAiOverviewEngine(options) },
  google_ai_mode: { key: 'serpapi', create: (options) => new GoogleAiModeEngine(options) },
  perplexity: { key: 'perplexity', create: (options) => new PerplexityEngine(options) },
  copilot: { key: 'serpapi', create: (options) => new CopilotEngine(options) },
  gemini: { key: 'gemini', create: (options) => new GeminiEngine(options) },
  claude: { key: 'anthropic', create: (options) => new ClaudeEngine(options) },
};

/** One engine per engine value: the real adapter when its key is configured, the simulator otherwise. */
export function createEngines(keys: EngineKeys, options: EngineFactoryOptions = {}): Record<EngineId, Engine> {
  const engines = {} as Record<EngineId, Engine>;
  for (const id of ENGINE_IDS) {
    const spec = ENGINE_SPECS[id];
    const apiKey = keys[spec.key];
    engines[id] = apiKey ? spec.create({ apiKey, timeoutMs: options.timeoutMs }) : new SimulatedEngine(id);
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
  return ENGINE_IDS.map((engine) => ({
    engine,
    name: ENGINE_NAMES[engine],
    simulated: !keys[ENGINE_SPECS[engine].key],
    countries: SUPPORTED_COUNTRIES[engine],
  }));
}
