import { ChatGptEngine } from '../adapters/chatgpt.js';
import { LLM_PROVIDER_EXCLUDED, offeredExcept } from '../countries.js';
import { AnswerSearches } from '../fanOut/answerSearches.js';
import type { EngineProfile } from './profile.js';

export const chatgpt: EngineProfile<'chatgpt'> = {
  id: 'chatgpt',
  name: 'ChatGPT',
  key: 'openai',
  adapter: (options) => new ChatGptEngine(options),
  countries: offeredExcept(LLM_PROVIDER_EXCLUDED),
  simulator: {
    layout: 'numberedList',
    brandsPerAnswer: [5, 8],
    sentencesPerBrand: [2, 3],
    queriesPerAnswer: [1, 3],
    citationsPerAnswer: [3, 7],
    sourceWeights: { encyclopedia: 2, forum: 1.5, video: 0.5, news: 3, review: 2.5, blog: 1, social: 0.5, gov: 0.7, edu: 0.7 },
    adRate: 0,
    shoppingRate: 0.35,
    overviewOptional: false,
  },
  fanOut: {
    style: { count: [3, 5], sequence: ['recency', 'comparative', 'entity_expansion', 'implicit'], localizesInWords: false },
    source: (options) => new AnswerSearches(new ChatGptEngine(options)),
  },
};
