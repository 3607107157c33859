import { describe, expect, test } from '@jest/globals';
import { isCountryCode } from '../../src/domain/shared/countries.js';
import { ENGINE_IDS, ENGINE_PROFILES, createEngines, createFanOutSources, profileOf, simulateAnswer } from '../../src/engines/index.js';
import type { EngineKeys } from '../../src/engines/index.js';

const KEYS: Required<EngineKeys> = { openai: 'sk-test', anthropic: 'sk-ant-test', gemini: 'gm-test', perplexity: 'pplx-test', serpapi: 'serp-test' };

const inRange = ([min, max]: readonly [number, number], low: number, high: number): boolean => low <= min && min <= max && max <= high;

describe('engine profiles', () => {
  test('there is exactly one profile per engine value, in the domain order, each found by its id', () => {
    expect(ENGINE_PROFILES.map(({ id }) => id)).toEqual([...ENGINE_IDS]);
    for (const id of ENGINE_IDS) expect(profileOf(id).id).toBe(id);
  });

  test.each(ENGINE_PROFILES.map((profile) => [profile.id, profile] as const))('%s: its adapter factory builds a real adapter of that id', (id, profile) => {
    const adapter = profile.adapter({ apiKey: 'test-key' });
    expect({ id: adapter.id, kind: adapter.kind }).toEqual({ id, kind: 'api' });
    expect(Object.keys(KEYS)).toContain(profile.key);
  });

  test.each(ENGINE_PROFILES.map((profile) => [profile.id, profile] as const))('%s: its key alone turns its real adapter on', (id, profile) => {
    expect(createEngines({ [profile.key]: 'test-key' })[id].kind).toBe('api');
    expect(createEngines({})[id].kind).toBe('simulator');
  });

  test.each(ENGINE_PROFILES.map((profile) => [profile.id, profile] as const))('%s: offers distinct valid countries, the US among them', (_id, { countries }) => {
    expect(countries.every(isCountryCode)).toBe(true);
    expect(new Set(countries).size).toBe(countries.length);
    expect(countries).toContain('us');
  });

  test.each(ENGINE_PROFILES.map((profile) => [profile.id, profile] as const))('%s: its simulator numbers and fan-out style are sane ranges and rates', (_id, { simulator, fanOut }) => {
    expect(inRange(simulator.brandsPerAnswer, 1, 10)).toBe(true);
    expect(inRange(simulator.sentencesPerBrand, 1, 5)).toBe(true);
    expect(inRange(simulator.queriesPerAnswer, 1, 8)).toBe(true);
    expect(inRange(simulator.citationsPerAnswer, 1, 12)).toBe(true);
    expect(Object.values(simulator.sourceWeights).some((weight) => weight > 0)).toBe(true);
    for (const rate of [simulator.adRate, simulator.shoppingRate]) expect(rate >= 0 && rate <= 1).toBe(true);
    // An engine runs 3 to 12 searches for a real question.
    expect(inRange(fanOut.style.count, 3, 12)).toBe(true);
    expect(fanOut.style.sequence.length).toBeGreaterThan(0);
  });

  test.each(ENGINE_PROFILES.map((profile) => [profile.id] as const))('%s: the simulator answers it with its own numbers', (id) => {
    const answer = simulateAnswer({ engine: id, prompt: 'What is the best CRM for a small business?', country: 'us', date: '2025-06-01', promptId: 'p1' });
    expect(answer.producedBy).toBe('simulator');
    if (answer.overviewAvailable) {
      const [, max] = profileOf(id).simulator.queriesPerAnswer;
      expect(answer.webSearchQuery.length).toBeGreaterThanOrEqual(1);
      expect(answer.webSearchQuery.length).toBeLessThanOrEqual(max);
    }
  });

  test('a fan-out source exists exactly for the profiles that declare one, once their key is set', () => {
    const sources = createFanOutSources(KEYS);
    const declaring = ENGINE_PROFILES.filter(({ fanOut }) => fanOut.source !== undefined).map(({ id }) => id);
    expect(Object.keys(sources).sort()).toEqual([...declaring].sort());
    for (const id of declaring) expect(sources[id]?.engine).toBe(id);
    expect(createFanOutSources({})).toEqual({});
  });
});
