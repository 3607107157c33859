import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { CountryCode } from '../../src/domain/shared/countries.js';
import { seedPrompts, seedReport, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

interface Report {
  id: string;
  defaultCountry: string | null;
  [field: string]: unknown;
}

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

/** The list and the overview open a report on one country: the one with most of its prompts, ties alphabetical. */
describe('defaultCountry of a brand report', () => {
  test.each<[string, CountryCode[], string | null]>([
    ['most prompts wins over alphabetical order', ['uk', 'us', 'us'], 'us'],
    ['a tie goes to the first alphabetically', ['us', 'de', 'us', 'de'], 'de'],
    ['one country', ['fr'], 'fr'],
    ['no prompts', [], null],
  ])('%s', async (_case, countries, expected) => {
    const promptIds = await seedPrompts(api, team.workspaceId, countries.map((country) => ({ country })));
    const reportId = await seedReport(api, team.workspaceId, promptIds.length > 0 ? { promptIds } : {});
    await api.settle();
    const report = await api.call<Report>('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });
    expect(report.body.defaultCountry).toBe(expected);
    const list = await api.call<{ items: Report[] }>('GET', `/v1/reports/brand?workspaceId=${team.workspaceId}`, { key: team.readKey });
    expect(list.body.items.find(({ id }) => id === reportId)?.defaultCountry).toBe(expected);
  });

  test('follows the prompts, and a GET body sent back to PATCH changes nothing', async () => {
    const promptIds = await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'uk' }, { country: 'uk' }]);
    const reportId = await seedReport(api, team.workspaceId, { promptIds: promptIds.slice(0, 2) });
    await api.settle();
    const before = await api.call<Report>('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });
    expect(before.body.defaultCountry).toBe('uk');
    const echoed = await api.call<Report>('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: before.body });
    expect(echoed.body).toEqual(before.body);
    const after = await api.call<Report>('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { promptIds: [promptIds[0], promptIds[2]] } });
    // One prompt in each: the tie goes to uk.
    expect(after.body.defaultCountry).toBe('uk');
    const usOnly = await api.call<Report>('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { promptIds: [promptIds[0]] } });
    expect(usOnly.body.defaultCountry).toBe('us');
  });
});
