import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});

afterAll(async () => api.close());

interface EnginesBody {
  items: Array<{ country: string; baseEngines: string[]; addonEngines: string[] }>;
  engines: Array<{ engine: string; simulated: boolean; countries: string[] }>;
}

describe('GET /v1/engines', () => {
  test('answers the hosted API shape: one item per country with its base and add-on engines', async () => {
    const { status, body } = await api.call<EnginesBody>('GET', '/v1/engines', { key: team.readKey });
    expect(status).toBe(200);
    expect(body.items.find(({ country }) => country === 'us')).toEqual({
      country: 'us',
      baseEngines: ['chatgpt', 'google', 'perplexity', 'copilot'],
      addonEngines: ['google_ai_mode', 'gemini', 'claude'],
    });
    const countries = body.items.map(({ country }) => country);
    expect(countries).toEqual([...new Set(countries)].sort());
  });

  test('lists the seven engines beside it, simulated when no key is configured, with their countries', async () => {
    const { body } = await api.call<EnginesBody>('GET', '/v1/engines', { key: team.readKey });
    expect(body.engines.map(({ engine }) => engine)).toEqual(['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude']);
    expect(body.engines.every(({ simulated }) => simulated)).toBe(true);
    expect(body.engines.find(({ engine }) => engine === 'chatgpt')?.countries).toContain('uk');
    const servedSomewhere = new Set(body.items.flatMap(({ baseEngines, addonEngines }) => [...baseEngines, ...addonEngines]));
    expect(servedSomewhere).toEqual(new Set(body.engines.map(({ engine }) => engine)));
  });

  test('filters by engine and by country', async () => {
    const byEngine = await api.call<EnginesBody>('GET', '/v1/engines?engine=claude', { key: team.readKey });
    expect(byEngine.body.engines.map(({ engine }) => engine)).toEqual(['claude']);
    expect(byEngine.body.items.length).toBeGreaterThan(0);
    expect(byEngine.body.items.every(({ baseEngines, addonEngines }) => baseEngines.length === 0 && addonEngines.join() === 'claude')).toBe(true);
    const byCountry = await api.call<EnginesBody>('GET', '/v1/engines?country=de', { key: team.readKey });
    expect(byCountry.body.items.map(({ country }) => country)).toEqual(['de']);
    expect(byCountry.body.engines.length).toBeGreaterThan(0);
    expect(byCountry.body.engines.every(({ countries }) => countries.includes('de'))).toBe(true);
  });

  test('400 for an unknown engine, 401 without a key', async () => {
    expect((await api.call('GET', '/v1/engines?engine=bing', { key: team.readKey })).status).toBe(400);
    expect((await api.call('GET', '/v1/engines')).status).toBe(401);
  });
});
