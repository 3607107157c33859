import { describe, expect, test } from '@jest/globals';
import { classifyFanOutQuery, generateFanOut, type GenerateFanOutRequest } from '../../../src/domain/fanOut/index.js';
import { ENGINES, type EngineId } from '../../../src/domain/shared/engines.js';
import { profileOf } from '../../../src/engines/profiles/index.js';

const CRM_BRANDS = ['HubSpot CRM', 'Salesforce', 'Pipedrive', 'Zoho CRM'];

const QUESTIONS: { question: string; relatedNames: string[] }[] = [
  { question: 'What is the best CRM for a small business?', relatedNames: CRM_BRANDS },
  { question: 'Is HubSpot better than Salesforce for startups?', relatedNames: ['Pipedrive', 'Zoho CRM'] },
  { question: 'How do I reduce churn in a SaaS business?', relatedNames: [] },
  { question: 'What are the best running shoes for flat feet?', relatedNames: ['Brooks', 'Hoka', 'ASICS', 'New Balance'] },
  { question: 'Is Zoho CRM any good?', relatedNames: ['HubSpot CRM', 'Salesforce'] },
  { question: 'What is a CRM?', relatedNames: [] },
  { question: 'Which laptop should I buy for college?', relatedNames: ['MacBook Air', 'Dell XPS 13', 'Lenovo ThinkPad'] },
  { question: 'cheapest car insurance in Texas', relatedNames: [] },
];

const request = (overrides: Partial<GenerateFanOutRequest> = {}): GenerateFanOutRequest => ({
  question: 'What is the best CRM for a small business?',
  engine: 'google_ai_mode',
  country: 'us',
  year: 2025,
  relatedNames: CRM_BRANDS,
  ...overrides,
});

/** The generator with the engine's own style, as the fan-out runs it. */
const generate = (input: GenerateFanOutRequest) => generateFanOut(input, profileOf(input.engine).fanOut.style);

const everyCase = QUESTIONS.flatMap(({ question, relatedNames }) =>
  ENGINES.map((engine) => ({ question, engine, country: 'de' as const, year: 2025, relatedNames })),
);

describe('generateFanOut', () => {
  test('Google AI Mode fans a product question out widely: restatement, brands, needs, neighbouring topics, the year', () => {
    expect(generate(request()).map(({ query, type }) => [query, type])).toEqual([
      ['best CRM', 'reformulation'],
      ['HubSpot CRM vs Salesforce vs Pipedrive', 'comparative'],
      ['best CRM for small business reddit', 'implicit'],
      ['Salesforce pricing', 'entity_expansion'],
      ['what is CRM', 'related'],
      ['latest CRM for small business', 'recency'],
      ['how to choose CRM', 'implicit'],
      ['Pipedrive for small business', 'entity_expansion'],
      ['types of CRM', 'related'],
    ]);
  });

  test('ChatGPT runs a few keyword searches, dated first, then brands against each other, a brand, the unsaid needs', () => {
    expect(generate(request({ engine: 'chatgpt' })).map(({ query, type }) => [query, type])).toEqual([
      ['best CRM for small business 2025', 'recency'],
      ['HubSpot CRM vs Salesforce', 'comparative'],
      ['Pipedrive for small business', 'entity_expansion'],
      ['how to choose CRM', 'implicit'],
      ['best CRM 2025', 'recency'],
    ]);
  });

  // An engine runs 3 to 12 searches for a real question, and the generator follows that range.
  test.each([
    ...QUESTIONS.map(({ question }) => question),
    'Why is the sky blue?', 'When was the Eiffel Tower built?', 'Can dogs eat grapes?', 'pizza near me', 'Tell me about Notion',
    'How much does a Tesla Model 3 cost?', 'Where can I buy cheap flights?', 'explain quantum computing', 'Zapier vs Make', 'CRM',
  ])('every engine gives 3 to 12 searches for %j, in the US and abroad, with or without related names', (question) => {
    for (const engine of ENGINES) {
      for (const [country, relatedNames] of [['us', []], ['de', CRM_BRANDS]] as const) {
        const count = generate({ question, engine, country, year: 2025, relatedNames }).length;
        expect({ engine, country, count, inRange: count >= 3 && count <= 12 }).toEqual({ engine, country, count, inRange: true });
      }
    }
  });

  test('the same question, engine, country and year always give the same searches', () => {
    const first = everyCase.map((input) => generate(input));
    const second = everyCase.map((input) => generate(input));
    expect(second).toEqual(first);
  });

  test('each engine stays within its usual number of searches, Google AI Mode the widest', () => {
    const ranges: Record<EngineId, [number, number]> = {
      chatgpt: [3, 5], claude: [3, 4], gemini: [3, 5], perplexity: [3, 5], copilot: [3, 4], google: [3, 5], google_ai_mode: [6, 9],
    };
    for (const input of everyCase) {
      const [min, max] = ranges[input.engine];
      const count = generate(input).length;
      expect(count).toBeGreaterThanOrEqual(min);
      expect(count).toBeLessThanOrEqual(max);
    }
  });

  test('engines differ: for every question Google AI Mode runs more searches than ChatGPT and Claude', () => {
    for (const { question, relatedNames } of QUESTIONS) {
      const count = (engine: EngineId): number => generate(request({ question, relatedNames, engine })).length;
      expect(count('google_ai_mode')).toBeGreaterThan(Math.max(count('chatgpt'), count('claude')));
    }
  });

  test('every simulated search carries the label the classifier gives it, so real and simulated searches read alike', () => {
    for (const input of everyCase) {
      for (const { query, ...label } of generate(input)) {
        expect(label).toEqual(classifyFanOutQuery(input.question, query, { knownEntities: input.relatedNames }));
      }
    }
  });

  test('no engine repeats a search', () => {
    for (const input of everyCase) {
      const queries = generate(input).map(({ query }) => query.toLowerCase());
      expect(new Set(queries).size).toBe(queries.length);
    }
  });

  test('across questions the wide fan-outs use every type', () => {
    const types = new Set(everyCase.filter((input) => input.engine === 'google_ai_mode').flatMap((input) => generate(input).map(({ type }) => type)));
    expect(types).toEqual(new Set(['reformulation', 'related', 'implicit', 'comparative', 'entity_expansion', 'recency']));
  });

  test('brands come only from the question and the related names: none are invented', () => {
    const churn = ENGINES.flatMap((engine) => generate(request({ question: 'How do I reduce churn in a SaaS business?', relatedNames: [], engine })));
    expect(churn.filter(({ type }) => type === 'entity_expansion' || type === 'comparative')).toEqual([]);
  });

  test('dated searches carry the year the caller gives', () => {
    const recent = generate(request({ engine: 'chatgpt', year: 2026 })).map(({ query }) => query);
    expect(recent.join(' ')).toContain('2026');
    expect(recent.join(' ')).not.toContain('2025');
  });

  test('engines that localize in words add the country name; ChatGPT, Claude and Gemini locate the searcher silently', () => {
    const fromGermany = (engines: readonly EngineId[]): string[] =>
      everyCase.filter((input) => engines.includes(input.engine)).flatMap((input) => generate(input).map(({ query }) => query));
    expect(fromGermany(['google_ai_mode', 'google', 'perplexity', 'copilot']).some((query) => query.endsWith('Germany'))).toBe(true);
    expect(fromGermany(['chatgpt', 'claude', 'gemini']).some((query) => query.includes('Germany'))).toBe(false);
    expect(generate(request({ country: 'us' })).some(({ query }) => query.includes('United States'))).toBe(false);
  });

  test.each(['CRM', 'Quel est le meilleur CRM pour une petite entreprise ?', `best ${'very '.repeat(120)}cheap CRM`])(
    'an unusual question still gets searches: %j',
    (question) => {
      expect(generate(request({ question, relatedNames: [] })).length).toBeGreaterThan(0);
    },
  );
});
