import { ChatGptEngine } from '../adapters/chatgpt.js';
import { ClaudeEngine } from '../adapters/claude.js';
import { GeminiEngine } from '../adapters/gemini.js';
import { PerplexityAgentSearches } from '../adapters/perplexityAgent.js';
import type { EngineFactoryOptions, EngineKeys } from '../keys.js';
import { AnswerSearches } from './answerSearches.js';
import type { FanOutSources } from './source.js';

/**
 * The real fan-out source of every engine whose key is configured and whose provider reports its searches.
 * Google AI Overviews, Google AI Mode and Copilot have none: SerpApi's documented results for them carry
 * the answer, its references and products, never the searches behind it, so they stay simulated even with
 * a SerpApi key.
 */
export function createFanOutSources(keys: EngineKeys, options: EngineFactoryOptions = {}): FanOutSources {
  const adapterOptions = (apiKey: string) => ({ apiKey, timeoutMs: options.timeoutMs });
  return {
    ...(keys.openai && { chatgpt: new AnswerSearches(new ChatGptEngine(adapterOptions(keys.openai))) }),
    ...(keys.anthropic && { claude: new AnswerSearches(new ClaudeEngine(adapterOptions(keys.anthropic))) }),
    ...(keys.gemini && { gemini: new AnswerSearches(new GeminiEngine(adapterOptions(keys.gemini))) }),
    ...(keys.perplexity && { perplexity: new PerplexityAgentSearches(adapterOptions(keys.perplexity)) }),
  };
}
