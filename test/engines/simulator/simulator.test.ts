import { describe, expect, test } from '@jest/globals';
import { ENGINE_IDS, type EngineAnswer, type EngineId, type EngineRequest } from '../../../src/engines/engine.js';
import { SIMULATOR_MODEL, SimulatedEngine, simulateAnswer } from '../../../src/engines/simulator/index.js';

const crmPrompt = 'What is the best CRM for a small business?';

const request = (overrides: Partial<EngineRequest> = {}): EngineRequest => ({
  engine: 'chatgpt',
  prompt: crmPrompt,
  country: 'us',
  date: '2025-08-17',
  promptId: 'prompt-1',
  ...overrides,
});

const dates = (count: number, from = '2025-06-01'): string[] =>
  Array.from({ length: count }, (_, index) => new Date(Date.parse(from) + index * 86_400_000).toISOString().slice(0, 10));

const hostOf = (link: string): string => new URL(link).hostname.replace(/^www\./, '');

describe('the simulator is deterministic', () => {
  test('the same prompt, engine, country and day give the identical answer', async () => {
    for (const engine of ENGINE_IDS) {
      const first = await new SimulatedEngine(engine).run(request({ engine }));
      const second = await new SimulatedEngine(engine).run(request({ engine }));
      expect(second).toEqual(first);
    }
  });

  test('another day gives another answer', () => {
    expect(simulateAnswer(request({ date: '2025-08-18' })).content).not.toBe(simulateAnswer(request()).content);
  });

  test('another engine or country gives another answer', () => {
    const base = simulateAnswer(request()).content;
    expect(simulateAnswer(request({ engine: 'perplexity' })).content).not.toBe(base);
    expect(simulateAnswer(request({ country: 'uk' })).content).not.toBe(base);
  });

  test('the answer depends on the prompt text, not on the prompt id', () => {
    expect(simulateAnswer(request({ promptId: 'another-id' }))).toEqual(simulateAnswer(request()));
  });
});

describe('simulated answers look like the engine that gave them', () => {
  const answer = (engine: EngineId, date = '2025-08-17'): EngineAnswer => simulateAnswer(request({ engine, date }));

  test('every answer is marked as simulated, with the generator version', () => {
    for (const engine of ENGINE_IDS) expect(answer(engine)).toMatchObject({ producedBy: 'simulator', model: SIMULATOR_MODEL });
  });

  test.each([
    ['chatgpt', /^1\. \*\*/m],
    ['perplexity', /^## /m],
    ['gemini', /^\*\*1\. /m],
    ['google_ai_mode', /^### /m],
    ['copilot', /^\*\*[^*]+\*\* – /m],
  ] as const)('%s has its own layout', (engine, layout) => {
    expect(answer(engine).content).toMatch(layout);
  });

  test('perplexity numbers its sources, and every marker points at a citation', () => {
    for (const date of dates(20)) {
      const { content, citations } = answer('perplexity', date);
      const markers = [...content.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
      expect(markers.length).toBeGreaterThan(0);
      expect(Math.max(...markers)).toBeLessThanOrEqual(citations.length);
    }
  });

  test('answers name several brands of the prompt category, and stay between 0.3 and 4 KB', () => {
    const crmBrands = ['HubSpot', 'Salesforce', 'Pipedrive', 'Zoho', 'Dynamics 365', 'Freshsales', 'Freshworks', 'monday', 'Close', 'Insightly', 'Copper', 'Keap'];
    for (const engine of ENGINE_IDS.filter((id) => id !== 'google')) {
      for (const date of dates(10)) {
        const { content } = answer(engine, date);
        expect(crmBrands.filter((brand) => content.includes(brand)).length).toBeGreaterThanOrEqual(3);
        expect(content.length).toBeGreaterThan(300);
        expect(content.length).toBeLessThan(4096);
      }
    }
  });

  test('citations are ranked 1..n, one per URL, and come from every kind of site', () => {
    const hosts = new Set<string>();
    for (const engine of ENGINE_IDS) {
      for (const date of dates(15)) {
        const { citations } = answer(engine, date);
        expect(citations.map((citation) => citation.rank)).toEqual(citations.map((_, index) => index + 1));
        expect(new Set(citations.map((citation) => citation.link)).size).toBe(citations.length);
        for (const citation of citations) hosts.add(hostOf(citation.link));
      }
    }
    for (const host of ['en.wikipedia.org', 'reddit.com', 'youtube.com', 'g2.com', 'medium.com', 'linkedin.com', 'hubspot.com']) {
      expect(hosts).toContain(host);
    }
    expect([...hosts].some((host) => host.endsWith('.gov'))).toBe(true);
    expect([...hosts].some((host) => host.endsWith('.edu'))).toBe(true);
  });

  test('every answer with content carries the searches it fanned out to', () => {
    for (const engine of ENGINE_IDS) {
      const simulated = answer(engine, '2025-08-20');
      if (simulated.overviewAvailable) expect(simulated.webSearchQuery.length).toBeGreaterThan(0);
    }
  });

  test('sentences praise, describe and criticize brands', () => {
    const text = dates(30).map((date) => answer('claude', date).content).join('\n');
    expect(text).toMatch(/praised|love|best choices|strong marks|recommend/);
    expect(text).toMatch(/complain|criticism|frustrating|problem/);
    expect(text).toMatch(/covers|targets|puts particular emphasis|compared with/);
  });

  test('brands appear under their other names too', () => {
    const text = dates(40).map((date) => answer('chatgpt', date).content).join('\n');
    expect(text).toMatch(/\bHubSpot\b(?! CRM)/);
    expect(text).toMatch(/\bZoho\b(?! CRM)/);
  });
});

describe('Google AI Overviews', () => {
  test('some days show no overview: an empty, completed answer', () => {
    const answers = dates(100).map((date) => simulateAnswer(request({ engine: 'google', date })));
    const missing = answers.filter((answer) => !answer.overviewAvailable);
    expect(missing.length).toBeGreaterThan(2);
    expect(missing.length).toBeLessThan(40);
    for (const answer of missing) expect(answer).toMatchObject({ content: '', citations: [], webSearchQuery: [] });
  });

  test('commercial searches sometimes carry ads, and product searches shopping results', () => {
    const shoes = dates(40).map((date) => simulateAnswer(request({ engine: 'google', prompt: 'best running shoes for flat feet', date })));
    const crm = dates(40).map((date) => simulateAnswer(request({ engine: 'google', date })));
    expect(crm.some((answer) => answer.ads.length > 0)).toBe(true);
    expect(crm.every((answer) => answer.shopping.length === 0)).toBe(true);
    const shopping = shoes.flatMap((answer) => answer.shopping);
    expect(shopping.length).toBeGreaterThan(0);
    for (const item of shopping) {
      expect(item.price).toMatch(/^\$\d+\.\d\d$/);
      expect(item.rating).toBeGreaterThanOrEqual(3.9);
      expect(item.rating).toBeLessThanOrEqual(4.9);
    }
  });
});
