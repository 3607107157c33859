import { describe, expect, test } from '@jest/globals';
import type { FanOutQuery } from '../../../src/domain/fanOut/schema.js';
import { suggestPrompts, type ExpandQuestion } from '../../../src/domain/prompt/suggestions.js';

const search = (query: string, type: FanOutQuery['type'], userIntent: FanOutQuery['userIntent']): FanOutQuery => ({ query, type, userIntent, reasoning: 'r' });
const expand: ExpandQuestion = (question) => [
  { engine: 'chatgpt', queries: [search(`${question} reviews`, 'related', 'commercial'), search('hubspot vs acme', 'comparative', 'commercial')] },
  { engine: 'gemini', queries: [search('buy acme now', 'reformulation', 'transactional'), search('HUBSPOT VS ACME', 'comparative', 'commercial')] },
];
const request = { brand: 'Acme', category: 'CRM software', country: 'us' as const, year: 2026 };

describe('prompt suggestions', () => {
  test.each([1, 5, 18, 20, 38])('answers exactly %i distinct items when that many exist', (count) => {
    const items = suggestPrompts({ ...request, count }, expand);
    expect(items).toHaveLength(count);
    expect(new Set(items.map(({ text }) => text.toLowerCase())).size).toBe(count);
  });

  test('answers every distinct item when fewer exist than asked for', () => {
    expect(suggestPrompts({ ...request, count: 50 }, expand)).toHaveLength(38);
  });

  test('template questions come first, naming the category, the brand and a country outside the US', () => {
    const [first, second] = suggestPrompts({ ...request, country: 'uk', count: 2 }, expand);
    expect(first).toEqual({ text: 'What is the best CRM software in United Kingdom?', intent: 'commercial', source: 'template' });
    expect(second?.text).toBe('What is the best CRM software for small businesses?');
    expect(suggestPrompts({ ...request, count: 18 }, expand).some(({ text }) => text === 'What are the best alternatives to Acme?')).toBe(true);
  });

  test('without a category, questions stand on the brand, and none compares it with itself', () => {
    const templates = suggestPrompts({ ...request, category: undefined, count: 50 }, expand).filter(({ source }) => source === 'template');
    expect(templates[0]?.text).toBe('What is the best Acme alternative?');
    expect(templates).toHaveLength(16);
    expect(templates.some(({ text }) => /other Acme|choice for Acme/.test(text))).toBe(false);
  });

  test.each([
    ['hubspot vs acme', 'comparison'],
    ['buy acme now', 'commercial'],
  ])('a search "%s" from the fan-out has intent %s and names its engine', (text, intent) => {
    const found = suggestPrompts({ ...request, count: 50 }, expand).find((item) => item.text === text);
    expect(found).toMatchObject({ intent, source: expect.stringMatching(/^fan-out generator \((chatgpt|gemini)\)$/) });
  });

  test('a search met twice in other case is one item', () => {
    const texts = suggestPrompts({ ...request, count: 50 }, expand).map(({ text }) => text.toLowerCase());
    expect(texts.filter((text) => text === 'hubspot vs acme')).toHaveLength(1);
  });
});
