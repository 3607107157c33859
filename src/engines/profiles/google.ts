import { GoogleAiOverviewEngine } from '../adapters/serpapi/googleAiOverview.js';
import { GOOGLE_AI_EXCLUDED, offeredExcept } from '../countries.js';
import type { EngineProfile } from './profile.js';

/** Google AI Overviews. */
export const google: EngineProfile<'google'> = {
  id: 'google',
  name: 'Google AI Overviews',
  key: 'serpapi',
  adapter: (options) => new GoogleAiOverviewEngine(options),
  countries: offeredExcept(GOOGLE_AI_EXCLUDED),
  simulator: {
    layout: 'overview',
    brandsPerAnswer: [4, 6],
    sentencesPerBrand: [1, 2],
    queriesPerAnswer: [1, 2],
    citationsPerAnswer: [3, 6],
    sourceWeights: { encyclopedia: 1, forum: 2.5, video: 2.5, news: 2, review: 1.5, blog: 1, social: 1, gov: 0.8, edu: 0.8 },
    adRate: 0.4,
    shoppingRate: 0.55,
    overviewOptional: true,
  },
  // SerpApi's documented AI Overview results carry the answer and its references, never the searches behind it.
  fanOut: { style: { count: [3, 5], sequence: ['reformulation', 'implicit', 'related', 'comparative', 'recency'], localizesInWords: true } },
};
