import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { setTeamPlan } from '../../src/app/teams/teams.js';
import { seedReport, seedTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  api.clock.now = new Date('2026-11-15T10:00:00.000Z');
});
afterAll(() => api.close());

async function raiseQuota(teamId: string): Promise<void> {
  await setTeamPlan(api.context, { teamId, plan: 'standard', apiRequestsMax: 1000 });
  await api.settle();
}

const used = async (key: string) =>
  (await api.call<{ apiRequestsUsedCount: number }>('GET', '/v1/accounts/info', { key })).body.apiRequestsUsedCount;

describe('API request quota', () => {
  test('60 concurrent requests against a quota of 50: exactly 50 are answered, 10 get 429', async () => {
    const team = await seedTeam(api, { apiRequestsMax: 50 });
    const answers = await Promise.all(Array.from({ length: 60 }, () => api.call('GET', '/v1/workspaces', { key: team.readKey })));
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    await raiseQuota(team.teamId);
    expect(await used(team.readKey)).toBe(51);
  });

  test('a refused request is not counted', async () => {
    const team = await seedTeam(api, { apiRequestsMax: 2 });
    await api.call('GET', '/v1/workspaces', { key: team.readKey });
    await api.call('GET', '/v1/workspaces', { key: team.readKey });
    expect((await api.call('GET', '/v1/workspaces', { key: team.readKey })).status).toBe(429);
    expect((await api.call('GET', '/v1/workspaces', { key: team.readKey })).status).toBe(429);
    await raiseQuota(team.teamId);
    expect(await used(team.readKey)).toBe(3);
  });

  test('every answered request counts, errors included, a 401 does not, and a new month starts again', async () => {
    const team = await seedTeam(api, { apiRequestsMax: 1000 });
    await api.call('GET', '/v1/reports/brand/br_missing', { key: team.readKey });
    await api.call('GET', '/v1/reports/brand?cursor=bad', { key: team.readKey });
    await api.call('PATCH', '/v1/reports/brand/br_missing', { key: team.readKey, body: {} });
    await api.call('GET', '/v1/reports/brand', {});
    expect(await used(team.readKey)).toBe(4);
    api.clock.now = new Date('2026-12-01T00:00:00.000Z');
    expect(await used(team.readKey)).toBe(1);
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
  });

  describe('every authenticated endpoint answers 429 with the plain body once the quota is exhausted', () => {
    let team: Awaited<ReturnType<typeof seedTeam>>;
    let reportId: string;

    beforeAll(async () => {
      team = await seedTeam(api, { apiRequestsMax: 0 });
      reportId = await seedReport(api, team.workspaceId);
    });

    test.each([
      ['GET', '/v1/reports/brand'],
      ['GET', '/v1/reports/brand/{reportId}'],
      ['PATCH', '/v1/reports/brand/{reportId}'],
      ['GET', '/v1/accounts/info'],
      ['GET', '/v1/workspaces'],
      ['GET', '/v1/workspaces/{workspaceId}/prompts'],
    ])('%s %s', async (method, template) => {
      const path = template.replace('{reportId}', reportId).replace('{workspaceId}', team.workspaceId);
      const { status, body } = await api.call(method, path, { key: team.writeKey, ...(method === 'PATCH' ? { body: {} } : {}) });
      expect(status).toBe(429);
      expect(body).toEqual({ message: 'API request quota exhausted: 0 requests per billing period; the period ends on 2026-12-01' });
    });

    test('and so do they once the subscription has ended, except the account endpoint', async () => {
      const ended = await seedTeam(api, { subscriptionEndDate: '2026-11-01' });
      const { status, body } = await api.call('GET', '/v1/workspaces', { key: ended.readKey });
      expect(status).toBe(429);
      expect(body).toEqual({ message: 'The subscription ended on 2026-11-01: no API requests are available until it is renewed' });
      expect((await api.call('GET', '/v1/accounts/info', { key: ended.readKey })).status).toBe(200);
    });
  });
});
