import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createCrawlabilityCheckOperation } from '../../../src/app/audits/operations.js';
import { OPERATOR } from '../../../src/app/shared/principal.js';
import { setTeamPlan } from '../../../src/app/teams/teams.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { allPages } from './support.js';

const CRAWLABILITY = '/v1/audits/geo/crawlability-checks';
const CONTENT = '/v1/audits/geo/content-checks';
const FAN_OUTS = '/v1/audits/query-fan-outs';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A team on the standard plan whose GEO audit allocation is `geoAuditsMax`. */
async function teamWithAudits(geoAuditsMax: number, subscriptionEndDate: string | null = null): Promise<SeededTeam> {
  const team = await seedTeam(api);
  await setTeamPlan(api.context, { teamId: team.teamId, plan: 'standard', geoAuditsMax, subscriptionEndDate });
  await api.settle();
  return team;
}

/** One creation of each kind, in turn: `index` picks the kind. */
function createAudit(team: SeededTeam, index: number, workspaceId = team.workspaceId) {
  const kinds = [
    [CRAWLABILITY, { workspaceId, url: `https://example.com/${index}` }],
    [CONTENT, { workspaceId, url: `https://example.com/${index}` }],
    [FAN_OUTS, { workspaceId, query: `query ${index}` }],
  ] as const;
  const [path, body] = kinds[index % kinds.length] as (typeof kinds)[number];
  return api.call<{ message?: string }>('POST', path, { key: team.writeKey, body });
}

const usedCount = async (team: SeededTeam) =>
  (await api.call<{ geoAuditUsedCount: number; geoAuditMaxCount: number }>('GET', '/v1/accounts/info', { key: team.readKey })).body;

async function workspaceCounts(team: SeededTeam): Promise<Record<string, number>> {
  const workspaces = await allPages<{ id: string; geoAuditUsedCount: number }>(api, '/v1/workspaces', team.readKey);
  return Object.fromEntries(workspaces.map(({ id, geoAuditUsedCount }) => [id, geoAuditUsedCount]));
}

async function auditsListed(team: SeededTeam): Promise<number> {
  const lists = await Promise.all([CRAWLABILITY, CONTENT, FAN_OUTS].map((path) => allPages(api, path, team.readKey)));
  return lists.reduce((sum, list) => sum + list.length, 0);
}

describe('the GEO audit quota', () => {
  test('every creation of a check or a fan-out counts once, for the team and for its workspace', async () => {
    const team = await teamWithAudits(10);
    expect(await usedCount(team)).toEqual(expect.objectContaining({ geoAuditUsedCount: 0, geoAuditMaxCount: 10 }));
    for (const index of [0, 1, 2]) expect((await createAudit(team, index)).status).toBe(201);
    expect((await createAudit(team, 3, team.otherWorkspaceId)).status).toBe(201);
    expect((await usedCount(team)).geoAuditUsedCount).toBe(4);
    expect(await workspaceCounts(team)).toEqual({ [team.workspaceId]: 3, [team.otherWorkspaceId]: 1 });
  });

  test.each([
    ['a crawlability check', 0],
    ['a content check', 1],
    ['a query fan-out', 2],
  ])('at geoAuditMaxCount %s is refused with 429 and nothing is created', async (_kind, index) => {
    const team = await teamWithAudits(2);
    expect((await createAudit(team, index + 1)).status).toBe(201);
    expect((await createAudit(team, index + 2)).status).toBe(201);
    const head = await api.context.eventStore.headPosition();
    const refused = await createAudit(team, index);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('GEO audit quota exhausted: 2 of 2 audits used in this billing period, which ends on 2026-12-01');
    expect(await api.context.eventStore.headPosition()).toBe(head);
    expect(await auditsListed(team)).toBe(2);
    expect((await usedCount(team)).geoAuditUsedCount).toBe(2);
  });

  test('concurrent creations of every kind never pass the maximum', async () => {
    const team = await teamWithAudits(5);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, index) => createAudit(team, index)));
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(5);
    expect(answers.filter(({ status }) => status === 429)).toHaveLength(10);
    expect(await auditsListed(team)).toBe(5);
    expect((await usedCount(team)).geoAuditUsedCount).toBe(5);
  });

  test('a new billing period starts from zero; the audits of the last one stay listed', async () => {
    const team = await teamWithAudits(1);
    expect((await createAudit(team, 0)).status).toBe(201);
    expect((await createAudit(team, 1)).status).toBe(429);
    const before = api.clock.now;
    api.clock.now = new Date('2026-12-02T09:00:00.000Z');
    try {
      expect((await usedCount(team)).geoAuditUsedCount).toBe(0);
      expect(await workspaceCounts(team)).toEqual({ [team.workspaceId]: 0, [team.otherWorkspaceId]: 0 });
      expect((await createAudit(team, 1)).status).toBe(201);
      expect((await createAudit(team, 2)).status).toBe(429);
      expect(await auditsListed(team)).toBe(2);
    } finally {
      api.clock.now = before;
    }
  });

  test('once the subscription has ended no audit can be created (429), even by the operator', async () => {
    const team = await teamWithAudits(10, '2026-11-10');
    const head = await api.context.eventStore.headPosition();
    const creation = createCrawlabilityCheckOperation.run(
      { workspaceId: team.workspaceId, url: 'https://example.com/' },
      { principal: OPERATOR, deps: api.services, log: api.context.logger },
    );
    await expect(creation).rejects.toMatchObject({
      status: 429,
      message: 'The subscription ended on 2026-11-10: no GEO audits are available until it is renewed',
    });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test('a plan change raises the maximum without resetting what was used', async () => {
    const team = await teamWithAudits(1);
    expect((await createAudit(team, 0)).status).toBe(201);
    expect((await createAudit(team, 1)).status).toBe(429);
    await setTeamPlan(api.context, { teamId: team.teamId, plan: 'standard', geoAuditsMax: 2 });
    await api.settle();
    expect((await createAudit(team, 1)).status).toBe(201);
    expect(await usedCount(team)).toEqual(expect.objectContaining({ geoAuditUsedCount: 2, geoAuditMaxCount: 2 }));
  });
});
