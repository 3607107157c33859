import { CopilotEngine } from '../adapters/serpapi/copilot.js';
import { offeredExcept, SANCTIONED } from '../countries.js';
import type { EngineProfile } from './profile.js';

export const copilot: EngineProfile<'copilot'> = {
  id: 'copilot',
  name: 'Microsoft Copilot',
  key: 'serpapi',
  adapter: (options) => new CopilotEngine(options),
  // SerpApi's bing_copilot engine takes no location: real Copilot runs answer from SerpApi's default location.
  countries: offeredExcept([...SANCTIONED, 'cn', 'ru', 'by']),
  simulator: {
    layout: 'boldParagraphs',
    brandsPerAnswer: [3, 6],
    sentencesPerBrand: [2, 3],
    queriesPerAnswer: [1, 2],
    citationsPerAnswer: [3, 6],
    sourceWeights: { encyclopedia: 1.5, forum: 1, video: 1, news: 3, review: 2, blog: 0.5, social: 0.5, gov: 0.5, edu: 0.5 },
    adRate: 0.25,
    shoppingRate: 0.3,
    overviewOptional: false,
  },
  // SerpApi's documented Copilot results carry the answer and its references, never the searches behind it.
  fanOut: { style: { count: [3, 4], sequence: ['reformulation', 'recency', 'implicit'], localizesInWords: true } },
};
