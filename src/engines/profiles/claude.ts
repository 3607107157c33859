import { ClaudeEngine } from '../adapters/claude.js';
import { LLM_PROVIDER_EXCLUDED, offeredExcept } from '../countries.js';
import { AnswerSearches } from '../fanOut/answerSearches.js';
import type { EngineProfile } from './profile.js';

export const claude: EngineProfile<'claude'> = {
  id: 'claude',
  name: 'Claude',
  key: 'anthropic',
  adapter: (options) => new ClaudeEngine(options),
  countries: offeredExcept(LLM_PROVIDER_EXCLUDED),
  simulator: {
    layout: 'prose',
    brandsPerAnswer: [3, 5],
    sentencesPerBrand: [2, 4],
    queriesPerAnswer: [1, 3],
    citationsPerAnswer: [3, 6],
    sourceWeights: { encyclopedia: 2, forum: 1, video: 0.3, news: 2.5, review: 2, blog: 1, social: 0.3, gov: 1.5, edu: 1.5 },
    adRate: 0,
    shoppingRate: 0,
    overviewOptional: false,
  },
  fanOut: {
    style: { count: [3, 4], sequence: ['recency', 'comparative', 'implicit'], localizesInWords: false },
    source: (options) => new AnswerSearches(new ClaudeEngine(options)),
  },
};
