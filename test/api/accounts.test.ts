import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { setTeamPlan } from '../../src/app/teams/teams.js';
import { seedPrompts, seedTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const info = (key: string) => api.call('GET', '/v1/accounts/info', { key });

describe('GET /v1/accounts/info', () => {
  test('answers the plan, its limits and the usage of the team, this request included', async () => {
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const team = await seedTeam(api, { plan: 'standard' });
    await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'uk' }]);
    await seedPrompts(api, team.otherWorkspaceId, [{ country: 'de' }]);
    await seedPrompts(api, (await seedTeam(api)).workspaceId, [{ country: 'fr' }]);
    await api.settle();
    await api.call('GET', '/v1/reports/brand', { key: team.readKey });

    const { status, body } = await info(team.scopedReadKey);

    expect(status).toBe(200);
    expect(body).toEqual({
      subscriptionPlan: 'standard',
      subscriptionEndDate: null,
      promptsUsedCount: 3,
      promptsMaxCount: 300,
      geoAuditUsedCount: 0,
      geoAuditMaxCount: 50,
      apiRequestsUsedCount: 2,
      apiRequestsMaxCount: 50_000,
      apiRequestsPeriodEnd: '2026-12-01',
      mcpRequestsUsedCount: 0,
      mcpRequestsMaxCount: 5_000,
    });
  });

  test('a custom plan ending this month ends the billing period on its end date', async () => {
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const team = await seedTeam(api, { plan: 'custom', apiRequestsMax: 123, subscriptionEndDate: '2026-11-20' });
    const { body } = await info(team.readKey);
    expect(body).toMatchObject({
      subscriptionPlan: 'custom',
      subscriptionEndDate: '2026-11-20T00:00:00.000Z',
      apiRequestsMaxCount: 123,
      apiRequestsPeriodEnd: '2026-11-20',
    });
  });

  test('a plan change keeps the usage already counted in the period', async () => {
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const team = await seedTeam(api, { plan: 'lite' });
    await info(team.readKey);
    await setTeamPlan(api.context, { teamId: team.teamId, plan: 'premium' });
    await api.settle();
    expect((await info(team.readKey)).body).toMatchObject({ subscriptionPlan: 'premium', apiRequestsUsedCount: 2, apiRequestsMaxCount: 200_000 });
  });

  test('a new month starts a new billing period at zero', async () => {
    api.clock.now = new Date('2026-11-30T23:59:00.000Z');
    const team = await seedTeam(api);
    await info(team.readKey);
    api.clock.now = new Date('2026-12-01T00:00:00.000Z');
    expect((await info(team.readKey)).body).toMatchObject({ apiRequestsUsedCount: 1, apiRequestsPeriodEnd: '2027-01-01' });
  });

  test('after the subscription ended it still answers, with no plan and no period, and counts nothing', async () => {
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const team = await seedTeam(api, { plan: 'trial', subscriptionEndDate: '2026-11-10' });
    await info(team.readKey);
    const { status, body } = await info(team.readKey);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      subscriptionPlan: null,
      subscriptionEndDate: '2026-11-10T00:00:00.000Z',
      apiRequestsUsedCount: 0,
      apiRequestsPeriodEnd: null,
    });
  });
});
