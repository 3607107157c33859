import { GoogleAiModeEngine } from '../adapters/serpapi/googleAiMode.js';
import { GOOGLE_AI_EXCLUDED, offeredExcept } from '../countries.js';
import type { EngineProfile } from './profile.js';

export const googleAiMode: EngineProfile<'google_ai_mode'> = {
  id: 'google_ai_mode',
  name: 'Google AI Mode',
  key: 'serpapi',
  adapter: (options) => new GoogleAiModeEngine(options),
  countries: offeredExcept(GOOGLE_AI_EXCLUDED),
  simulator: {
    layout: 'sections',
    brandsPerAnswer: [4, 7],
    sentencesPerBrand: [2, 3],
    queriesPerAnswer: [3, 6],
    citationsPerAnswer: [4, 8],
    sourceWeights: { encyclopedia: 1, forum: 2.5, video: 2, news: 2.5, review: 1.5, blog: 1, social: 1, gov: 0.8, edu: 0.8 },
    adRate: 0.15,
    shoppingRate: 0.5,
    overviewOptional: false,
  },
  // AI Mode fans out widest; SerpApi's documented results never list its searches.
  fanOut: {
    style: {
      count: [6, 9],
      sequence: ['reformulation', 'comparative', 'implicit', 'entity_expansion', 'related', 'recency', 'implicit', 'entity_expansion', 'related'],
      localizesInWords: true,
    },
  },
};
