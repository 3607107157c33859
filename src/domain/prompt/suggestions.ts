import { z } from 'zod';
import type { FanOutQuery } from '../fanOut/schema.js';
import { countryName } from '../fanOut/text.js';
import type { CountryCode } from '../shared/countries.js';

export const PROMPT_INTENTS = ['informational', 'commercial', 'comparison', 'navigational'] as const;
export type PromptIntent = (typeof PROMPT_INTENTS)[number];

export const promptSuggestionSchema = z.object({
  text: z.string().describe('The question, as a prompt takes it'),
  intent: z.enum(PROMPT_INTENTS),
  source: z.string().describe('What produced it: "template", or "fan-out generator (<engine>)" for a search an engine runs behind a template question'),
});
export type PromptSuggestion = z.output<typeof promptSuggestionSchema>;

export interface SuggestionRequest {
  brand: string;
  /** What the brand sells ("CRM software"); without it, "<brand> alternative" stands for it where that reads well. */
  category?: string | undefined;
  country: CountryCode;
  count: number;
  year: number;
}

/** The searches one engine would run for a question (the fan-out generator's, or a real engine's). */
export type ExpandQuestion = (question: string) => { engine: string; queries: readonly FanOutQuery[] }[];

type Template = readonly [intent: PromptIntent, text: (words: { brand: string; category: string; place: string; year: number }) => string, needsCategory?: true];

/** Questions customers of a category ask AI engines, commercial ones first: they decide which brands get named. */
const TEMPLATES: readonly Template[] = [
  ['commercial', ({ category, place }) => `What is the best ${category}${place}?`],
  ['commercial', ({ category }) => `What is the best ${category} for small businesses?`],
  ['comparison', ({ brand, category }) => `How does ${brand} compare to other ${category}?`, true],
  ['comparison', ({ brand }) => `What are the best alternatives to ${brand}?`],
  ['commercial', ({ category, year }) => `What are the top ${category} options in ${year}?`],
  ['informational', ({ category }) => `What should I look for when choosing ${category}?`],
  ['commercial', ({ category }) => `Which ${category} is easiest to use?`],
  ['commercial', ({ brand, category }) => `Is ${brand} a good choice for ${category}?`, true],
  ['informational', ({ category }) => `How much does ${category} cost?`],
  ['commercial', ({ category }) => `What is the most affordable ${category}?`],
  ['comparison', ({ brand }) => `What are the pros and cons of ${brand}?`],
  ['commercial', ({ category }) => `Which ${category} do experts recommend?`],
  ['commercial', ({ category }) => `Which ${category} is best for startups?`],
  ['commercial', ({ category }) => `Which ${category} is best for large teams?`],
  ['commercial', ({ category }) => `Which ${category} has the best customer support?`],
  ['informational', ({ category }) => `How do I get started with ${category}?`],
  ['navigational', ({ brand }) => `What is ${brand}'s official website?`],
  ['navigational', ({ brand }) => `How do I contact ${brand} support?`],
];

function intentOfSearch(query: FanOutQuery): PromptIntent {
  if (query.type === 'comparative') return 'comparison';
  if (query.userIntent === 'transactional') return 'commercial';
  return query.userIntent;
}

/**
 * `count` distinct suggestions (compared case-insensitively): the template questions for the brand, its category
 * and country, then the searches engines run behind them, question by question, until there are enough.
 */
export function suggestPrompts(request: SuggestionRequest, expand: ExpandQuestion): PromptSuggestion[] {
  const words = {
    brand: request.brand,
    category: request.category ?? `${request.brand} alternative`,
    place: request.country === 'us' ? '' : ` in ${countryName(request.country)}`,
    year: request.year,
  };
  const chosen = new Map<string, PromptSuggestion>();
  const add = (suggestion: PromptSuggestion) => {
    const key = suggestion.text.trim().toLowerCase();
    if (chosen.size < request.count && !chosen.has(key)) chosen.set(key, suggestion);
  };
  const questions = TEMPLATES.filter(([, , needsCategory]) => request.category !== undefined || needsCategory !== true).map(([intent, text]) => ({ intent, text: text(words) }));
  for (const { intent, text } of questions) add({ text, intent, source: 'template' });
  for (const { text } of questions) {
    if (chosen.size >= request.count) break;
    for (const { engine, queries } of expand(text)) {
      for (const query of queries) add({ text: query.query, intent: intentOfSearch(query), source: `fan-out generator (${engine})` });
    }
  }
  return [...chosen.values()];
}
