import { describe, expect, test } from '@jest/globals';
import { ENGINE_IDS, type EngineRequest } from '../../../src/engines/engine.js';
import { CATEGORIES, categorize } from '../../../src/engines/simulator/catalog/index.js';
import { simulateAnswer } from '../../../src/engines/simulator/index.js';

const CRM_PROMPTS = [
  'What is the best CRM for a small business?',
  'Which CRM should a B2B startup use?',
  'Best CRM software with email integration',
  'Affordable CRM for a real estate agency',
];

const runs = (prompts: readonly string[], count: number): EngineRequest[] =>
  Array.from({ length: count }, (_, index) => ({
    engine: ENGINE_IDS[index % ENGINE_IDS.length] ?? 'chatgpt',
    prompt: prompts[index % prompts.length] ?? '',
    country: index % 3 === 0 ? 'uk' : 'us',
    date: new Date(Date.parse('2025-07-01') + Math.floor(index / 7) * 86_400_000).toISOString().slice(0, 10),
    promptId: `prompt-${index % prompts.length}`,
  }));

const ABSENCE = /couldn't find|don't have enough information/;

/** Mentioned as the analysis counts it: named in a sentence that is not an absence statement. */
const mentions = (content: string, name: RegExp): boolean =>
  content.split(/(?<=[.!?])\s+|\n+/).some((sentence) => name.test(sentence) && !ABSENCE.test(sentence));

describe('the demo brand, Nimbus CRM', () => {
  const answers = runs(CRM_PROMPTS, 200).map(simulateAnswer);
  const mentioning = answers.filter((answer) => mentions(answer.content, /\bNimbus\b/));

  test('is mentioned in a plausible share (20-50%) of 200 simulated CRM runs', () => {
    expect(mentioning.length / answers.length).toBeGreaterThanOrEqual(0.2);
    expect(mentioning.length / answers.length).toBeLessThanOrEqual(0.5);
  });

  test('has nimbuscrm.com cited in some of the runs that mention it, never in the others', () => {
    const citing = answers.filter((answer) => answer.citations.some((citation) => citation.link.includes('nimbuscrm.com')));
    expect(citing.length).toBeGreaterThan(0);
    expect(citing.length).toBeLessThan(mentioning.length);
    for (const answer of citing) expect(mentions(answer.content, /\bNimbus\b/)).toBe(true);
  });

  test('its tracked competitors appear far more often', () => {
    for (const competitor of [/\bHubSpot\b/, /\bSalesforce\b/, /\bPipedrive\b/, /\bZoho\b/]) {
      const share = answers.filter((answer) => mentions(answer.content, competitor)).length / answers.length;
      expect(share).toBeGreaterThan(mentioning.length / answers.length);
    }
  });
});

describe('brands the prompt names', () => {
  const prompt = 'Is Acme Cloud a good CRM alternative to Pipedrive for a small sales team?';
  const answers = runs([prompt], 100).map(simulateAnswer).filter((answer) => answer.overviewAvailable);

  test('a catalog brand named in the prompt is always part of the answer', () => {
    for (const answer of answers) expect(answer.content).toContain('Pipedrive');
  });

  test('an unknown brand named in the prompt is mentioned in some answers, and said to be unknown in others', () => {
    const mentioned = answers.filter((answer) => mentions(answer.content, /\bAcme Cloud\b/)).length;
    const unknown = answers.filter((answer) => /(couldn't find|don't have enough information)[^.]*Acme Cloud/.test(answer.content)).length;
    expect(mentioned / answers.length).toBeGreaterThan(0.25);
    expect(mentioned / answers.length).toBeLessThan(0.7);
    expect(unknown).toBeGreaterThan(0);
  });

  test('an opening capitalized word is not taken for a brand', () => {
    const answer = simulateAnswer({ engine: 'chatgpt', prompt: 'Looking for a CRM for my bakery', country: 'us', date: '2025-08-17', promptId: 'p' });
    expect(answer.content).not.toContain('Looking');
  });
});

describe('the category catalog', () => {
  test('holds at least 10 categories of 8 to 12 real-world brands each', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(10);
    for (const category of CATEGORIES) {
      expect(category.brands.length).toBeGreaterThanOrEqual(8);
      expect(category.brands.length).toBeLessThanOrEqual(12);
      expect(new Set(category.brands.map((brand) => brand.name)).size).toBe(category.brands.length);
      for (const brand of category.brands) expect(brand.domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      expect(category.sources.some((source) => source.kind === 'gov')).toBe(true);
      expect(category.sources.some((source) => source.kind === 'edu')).toBe(true);
    }
  });

  test.each([
    ['What is the best CRM for a small business?', 'crm'],
    ['Top project management tools for remote teams', 'project-management'],
    ['Which newsletter platform should a creator use?', 'email-marketing'],
    ['Best running shoes for flat feet', 'running-shoes'],
    ['Cheapest WordPress hosting with good support', 'web-hosting'],
    ['Is a password manager safe for a family?', 'password-managers'],
    ['Best VPN for streaming abroad', 'vpn'],
    ['Simple bookkeeping software for freelancers', 'accounting'],
    ['Note-taking app for students', 'note-taking'],
    ['Zoom alternatives for video conferencing', 'video-conferencing'],
    ['Where should I open an online store?', 'ecommerce-platforms'],
    ['Easiest website builder for a restaurant', 'website-builders'],
    ['Help desk tool for a SaaS startup', 'help-desk'],
    ['Best noise cancelling headphones for flights', 'headphones'],
    ['Which mattress is best for back pain?', 'mattresses'],
    ['How do I bake sourdough bread?', 'general'],
  ])('%s → %s', (prompt, category) => {
    expect(categorize(prompt).id).toBe(category);
  });
});
