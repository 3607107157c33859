import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

interface Suggestions {
  items: Array<{ text: string; intent: string; source: string }>;
}

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

const suggest = (body: unknown, key = team.readKey, workspaceId = team.workspaceId) =>
  api.call<Suggestions>('POST', `/v1/workspaces/${workspaceId}/prompt-suggestions`, { key, body });

describe('POST /v1/workspaces/{id}/prompt-suggestions', () => {
  test.each([undefined, 1, 50])('answers count items (%s; default 20), distinct, each with an intent and a source', async (count) => {
    const { status, body } = await suggest({ brand: 'Nimbus CRM', brandDomain: 'nimbuscrm.com', category: 'CRM software', country: 'us', ...(count === undefined ? {} : { count }) });
    expect(status).toBe(200);
    expect(body.items).toHaveLength(count ?? 20);
    expect(new Set(body.items.map(({ text }) => text.toLowerCase())).size).toBe(body.items.length);
    for (const item of body.items) {
      expect(['informational', 'commercial', 'comparison', 'navigational']).toContain(item.intent);
      expect(item.source).toMatch(/^(template|fan-out generator \(\w+\))$/);
    }
    if (count === 50) expect(body.items.some(({ source }) => source.startsWith('fan-out generator'))).toBe(true);
  });

  test('the same request answers the same suggestions, which create nothing', async () => {
    const request = { brand: 'Nimbus CRM', category: 'CRM software', country: 'uk', count: 30 };
    const first = await suggest(request);
    expect((await suggest(request)).body).toEqual(first.body);
    const prompts = await api.call<{ items: unknown[] }>('GET', `/v1/workspaces/${team.workspaceId}/prompts`, { key: team.readKey });
    expect(prompts.body.items).toHaveLength(0);
  });

  test.each([
    [{ category: 'CRM', country: 'us' }, 'brand:invalid_type'],
    [{ brand: 'Nimbus', country: 'gb' }, 'country:invalid_value'],
    [{ brand: 'Nimbus', country: 'us', count: 51 }, 'count:too_big'],
    [{ brand: 'Nimbus', country: 'us', count: 0 }, 'count:too_small'],
    [{ brand: 'Nimbus', country: 'us', tone: 'formal' }, 'tone:unrecognized_keys'],
  ])('a bad body %j is a 400 naming %s', async (body, expected) => {
    const { status, body: answer } = await suggest(body);
    expect(status).toBe(400);
    const errors = (answer as unknown as { errors: Array<{ path: string; code: string }> }).errors;
    expect(errors.map(({ path, code }) => `${path}:${code}`)).toContain(expected);
  });

  test("a workspace the key cannot read is 403, an unknown one 404", async () => {
    expect((await suggest({ brand: 'Nimbus', country: 'us' }, team.scopedReadKey, team.otherWorkspaceId)).status).toBe(403);
    expect((await suggest({ brand: 'Nimbus', country: 'us' }, team.readKey, 'ws_missing')).status).toBe(404);
  });
});
