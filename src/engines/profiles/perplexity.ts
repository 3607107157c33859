import { PerplexityEngine } from '../adapters/perplexity.js';
import { PerplexityAgentSearches } from '../adapters/perplexityAgent.js';
import { offeredExcept, SANCTIONED } from '../countries.js';
import type { EngineProfile } from './profile.js';

export const perplexity: EngineProfile<'perplexity'> = {
  id: 'perplexity',
  name: 'Perplexity',
  key: 'perplexity',
  adapter: (options) => new PerplexityEngine(options),
  countries: offeredExcept([...SANCTIONED, 'cn', 'ru', 'by']),
  simulator: {
    layout: 'markedBullets',
    brandsPerAnswer: [4, 6],
    sentencesPerBrand: [1, 3],
    queriesPerAnswer: [2, 4],
    citationsPerAnswer: [5, 9],
    sourceWeights: { encyclopedia: 1.5, forum: 3, video: 2, news: 2, review: 2, blog: 1.5, social: 0.7, gov: 0.5, edu: 0.5 },
    adRate: 0,
    shoppingRate: 0.25,
    overviewOptional: false,
  },
  fanOut: {
    style: { count: [3, 5], sequence: ['reformulation', 'implicit', 'recency', 'comparative'], localizesInWords: true },
    // Sonar's plain answers never list their searches; its Agent API does.
    source: (options) => new PerplexityAgentSearches(options),
  },
};
