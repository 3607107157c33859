import { GeminiEngine } from '../adapters/gemini.js';
import { placeableExcept, SANCTIONED } from '../countries.js';
import { AnswerSearches } from '../fanOut/answerSearches.js';
import type { EngineProfile } from './profile.js';

export const gemini: EngineProfile<'gemini'> = {
  id: 'gemini',
  name: 'Gemini',
  key: 'gemini',
  adapter: (options) => new GeminiEngine(options),
  // Gemini grounding is placed by coordinates, so it is offered where geolens knows where to place a searcher.
  countries: placeableExcept(['hk', ...SANCTIONED]),
  simulator: {
    layout: 'prosAndCons',
    brandsPerAnswer: [4, 6],
    sentencesPerBrand: [1, 2],
    queriesPerAnswer: [2, 4],
    citationsPerAnswer: [3, 7],
    sourceWeights: { encyclopedia: 1.5, forum: 1.5, video: 2.5, news: 2, review: 1.5, blog: 1, social: 0.5, gov: 1, edu: 1 },
    adRate: 0,
    shoppingRate: 0.2,
    overviewOptional: false,
  },
  fanOut: {
    style: { count: [3, 5], sequence: ['reformulation', 'comparative', 'implicit', 'recency'], localizesInWords: false },
    source: (options) => new AnswerSearches(new GeminiEngine(options)),
  },
};
