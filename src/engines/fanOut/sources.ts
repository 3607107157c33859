import type { EngineFactoryOptions, EngineKeys } from '../keys.js';
import { ENGINE_PROFILES } from '../profiles/index.js';
import type { FanOutSources } from './source.js';

/**
 * The real fan-out source of every engine whose key is configured and whose provider reports its searches
 * (a profile's `fanOut.source`). Google AI Overviews, Google AI Mode and Copilot have none: SerpApi's
 * documented results for them carry the answer, its references and products, never the searches behind it,
 * so they stay simulated even with a SerpApi key.
 */
export function createFanOutSources(keys: EngineKeys, options: EngineFactoryOptions = {}): FanOutSources {
  const sources: FanOutSources = {};
  for (const { id, key, fanOut } of ENGINE_PROFILES) {
    const apiKey = keys[key];
    if (apiKey && fanOut.source) sources[id] = fanOut.source({ apiKey, timeoutMs: options.timeoutMs });
  }
  return sources;
}
