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

describe('GET /v1/engines', () => {
  test('lists the seven engines, simulated when no key is configured, with their countries', async () => {
    const { status, body } = await api.call<{ items: Array<{ engine: string; simulated: boolean; countries: string[] }> }>('GET', '/v1/engines', { key: team.readKey });
    expect(status).toBe(200);
    expect(body.items.map(({ engine }) => engine)).toEqual(['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude']);
    expect(body.items.every(({ simulated }) => simulated)).toBe(true);
    expect(body.items.find(({ engine }) => engine === 'chatgpt')?.countries).toContain('uk');
  });

  test('filters by engine and by country', async () => {
    const byEngine = await api.call<{ items: Array<{ engine: string }> }>('GET', '/v1/engines?engine=claude', { key: team.readKey });
    expect(byEngine.body.items.map(({ engine }) => engine)).toEqual(['claude']);
    const byCountry = await api.call<{ items: Array<{ countries: string[] }> }>('GET', '/v1/engines?country=de', { key: team.readKey });
    expect(byCountry.body.items.length).toBeGreaterThan(0);
    expect(byCountry.body.items.every(({ countries }) => countries.includes('de'))).toBe(true);
  });

  test('400 for an unknown engine, 401 without a key', async () => {
    expect((await api.call('GET', '/v1/engines?engine=bing', { key: team.readKey })).status).toBe(400);
    expect((await api.call('GET', '/v1/engines')).status).toBe(401);
  });
});
