/** Query fan-outs against the engines: real sources where a provider reports its searches, the generator elsewhere. */
export { AnswerSearches } from './answerSearches.js';
export { fanOut, type FanOutOptions, type FanOutRequest } from './fanOut.js';
export type { FanOutSource, FanOutSourceRequest, FanOutSources } from './source.js';
export { createFanOutSources } from './sources.js';
export { PerplexityAgentSearches } from '../adapters/perplexityAgent.js';
