import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { alertsProcess } from '../../../src/app/alerts/process.js';
import { PROCESS_CHECKPOINTS, ProcessRunner } from '../../../src/app/processes/processRunner.js';
import { createUser } from '../../../src/app/credentials/credentials.js';
import { PASSWORD } from '../../mcp/auth/support/oauthClient.js';
import { signInWithSdk } from '../../mcp/support/sdkClient.js';
import { seedPrompts, seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { coverageRuns } from './runs.js';

let api: TestApi;
let team: SeededTeam;
let droppingReportId: string;
let steadyReportId: string;
let surgingReportId: string;
let namingReportId: string;

const watches = (reportId: string) => `/v1/reports/brand/${reportId}/watches`;
const alerts = (reportId: string) => `/v1/reports/brand/${reportId}/alerts`;

interface AlertPage {
  items: Array<{ kind: string; watchId: string; date: string; statistics: Record<string, unknown>; evidence: Record<string, unknown> }>;
  paging: { nextCursor: string | null; hasMore: boolean };
}

const addWatch = async (reportId: string, body: unknown) => (await api.call<{ id: string }>('POST', watches(reportId), { key: team.writeKey, body })).body;
const alertsOf = async (reportId: string) => (await api.call<AlertPage>('GET', alerts(reportId), { key: team.readKey })).body;

/**
 * Two reports whose runs arrive by import: Acme's coverage falls from 60 % (28 days of 10 runs) to 30 % (the 7
 * days to 2026-11-13); Globex's from 60 % to 55 % on 40 runs in all.
 */
beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  const acmePrompts = await seedPrompts(api, team.workspaceId, Array.from({ length: 5 }, () => ({ country: 'us' as const })));
  const globexPrompts = await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'us' }]);
  droppingReportId = (
    await createBrandReport(api.context, { workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: acmePrompts, competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }] })
  ).id;
  steadyReportId = await seedReport(api, team.workspaceId, { brand: 'Globex', promptIds: globexPrompts });
  const hooliPrompts = await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'us' }]);
  surgingReportId = (
    await createBrandReport(api.context, { workspaceId: team.workspaceId, brand: 'Hooli', brandDomain: 'hooli.com', promptIds: hooliPrompts, competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }] })
  ).id;
  await api.settle();
  await api.rebuild();
  await addWatch(droppingReportId, { kind: 'coverage_drop' });
  await addWatch(droppingReportId, { kind: 'coverage_rise' });
  await addWatch(steadyReportId, { kind: 'coverage_drop' });
  const umbrellaPrompt = await seedPrompts(api, team.workspaceId, [{ country: 'us' }]);
  namingReportId = await seedReport(api, team.workspaceId, { brand: 'Umbrella', promptIds: umbrellaPrompt });
  await api.settle();
  await api.rebuild();
  await addWatch(namingReportId, { kind: 'new_untracked_brand' });
  await addWatch(namingReportId, { kind: 'negative_sentiment' });
  await addWatch(surgingReportId, { kind: 'competitor_surge' });
  await addWatch(surgingReportId, { kind: 'competitor_surge', engines: ['chatgpt'] });
  const dropping = coverageRuns('acme', acmePrompts, 'Acme', [
    { from: '2026-10-10', days: 28, perDay: 10, mentioned: 6 },
    { from: '2026-11-07', days: 7, perDay: 10, mentioned: 3 },
  ]);
  const steady = coverageRuns('globex', globexPrompts, 'Globex', [
    { from: '2026-10-17', days: 12, perDay: 1, mentioned: 1 },
    { from: '2026-10-29', days: 8, perDay: 1, mentioned: 0 },
    { from: '2026-11-07', days: 5, perDay: 3, mentioned: 2 },
    { from: '2026-11-12', days: 1, perDay: 3, mentioned: 1 },
    { from: '2026-11-13', days: 1, perDay: 2, mentioned: 0 },
  ]);
  const surging = coverageRuns(
    'hooli',
    hooliPrompts,
    'Initech',
    [
      { from: '2026-10-10', days: 28, perDay: 5, mentioned: 1 },
      { from: '2026-11-07', days: 7, perDay: 5, mentioned: 4 },
    ],
    'perplexity',
  );
  const answer = (runId: string, day: string, content: string) => JSON.stringify({ runId, promptId: umbrellaPrompt[0], engine: 'chatgpt', runDate: `${day}T09:00:00Z`, content, citations: [] });
  const naming = [
    answer('umbrella-baseline', '2026-10-20', 'Top help desks:\n1. **Umbrella**: fine for small teams.'),
    answer('umbrella-current', '2026-11-13', 'Top help desks:\n1. **Freshdesk**: great for support teams.\n2. **Umbrella**: fine for small teams. Umbrella is unreliable and slow, with poor support.'),
  ];
  await importRuns(api.context, [...dropping, ...steady, ...surging, ...naming]);
  await api.settle();
}, 60_000);
afterAll(() => api.close());

describe('alerts raised by imported runs', () => {
  test('a fall from 60 % to 30 % over 7 days raises one coverage_drop with p < 0.05 and both windows', async () => {
    const { items, paging } = await alertsOf(droppingReportId);
    expect(items).toHaveLength(1);
    expect(paging).toEqual({ nextCursor: null, hasMore: false });
    const [alert] = items;
    expect(alert).toMatchObject({ kind: 'coverage_drop', date: '2026-11-13', title: "Acme's coverage fell 30.0 points" });
    expect(alert?.statistics).toEqual({
      test: 'two-proportion z',
      // pooled 189/350; z = (0.3 - 0.6) / sqrt(0.54 × 0.46 × (1/70 + 1/280)); p = erfc(|z| / √2)
      z: expect.closeTo(-4.5044, 4),
      pValue: expect.closeTo(6.655e-6, 8),
      current: { from: '2026-11-07', to: '2026-11-13', runs: 70, mentionedRuns: 21, coverage: 30 },
      baseline: { from: '2026-10-10', to: '2026-11-06', runs: 280, mentionedRuns: 168, coverage: 60 },
      change: -30,
      threshold: 5,
    });
    expect(alert?.evidence).toMatchObject({ brand: 'Acme', engines: null, prompts: expect.arrayContaining([expect.objectContaining({ promptId: expect.any(String) })]) });
  });

  test('a fall from 60 % to 55 % on 40 runs raises nothing (z -0.32, p 0.75)', async () => {
    const coverage = async (startDate: string, endDate: string) =>
      (await api.call<{ summary: { runs: number; mentionedRuns: number } }>('GET', `/v1/reports/brand/${steadyReportId}/stats?startDate=${startDate}&endDate=${endDate}&country=us`, { key: team.readKey })).body.summary;
    expect(await coverage('2026-11-07', '2026-11-13')).toMatchObject({ runs: 20, mentionedRuns: 11 });
    expect(await coverage('2026-10-10', '2026-11-06')).toMatchObject({ runs: 20, mentionedRuns: 12 });
    expect((await alertsOf(steadyReportId)).items).toEqual([]);
  });

  test("a competitor's rise from 20 % to 80 % raises competitor_surge; a watch counting only engines without runs raises nothing", async () => {
    const { items } = await alertsOf(surgingReportId);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'competitor_surge',
        date: '2026-11-13',
        title: "Competitor Initech's coverage rose 60.0 points",
        statistics: expect.objectContaining({ change: 60, current: expect.objectContaining({ runs: 35, mentionedRuns: 28 }), baseline: expect.objectContaining({ runs: 140, mentionedRuns: 28 }) }),
        evidence: expect.objectContaining({ brand: 'Initech', engines: null }),
      }),
    ]);
  });

  test('a name that enters the top 10 of the names the answers put forward raises new_untracked_brand', async () => {
    expect((await alertsOf(namingReportId)).items.filter(({ kind }) => kind === 'new_untracked_brand')).toEqual([
      expect.objectContaining({ kind: 'new_untracked_brand', date: '2026-11-13', title: 'Freshdesk entered the top 10 of the names the answers put forward', evidence: { names: ['Freshdesk'], engines: null } }),
    ]);
  });

  test("negative sentences about the brand on the newest day raise negative_sentiment, quoting them", async () => {
    const [alert] = (await alertsOf(namingReportId)).items.filter(({ kind }) => kind === 'negative_sentiment');
    expect(alert).toMatchObject({
      date: '2026-11-13',
      statistics: { runs: 1, sentences: 2, negativeSentences: 1 },
      evidence: { engines: null, sentences: [{ runId: 'umbrella-current', promptId: expect.any(String), text: 'Umbrella is unreliable and slow, with poor support.', sentiment: 'negative' }] },
    });
  });

  test('the opposite direction raises nothing: coverage_rise stays quiet on a drop', async () => {
    const rise = (await api.call<{ items: Array<{ id: string; kind: string }> }>('GET', watches(droppingReportId), { key: team.readKey })).body.items.find(({ kind }) => kind === 'coverage_rise');
    expect((await alertsOf(droppingReportId)).items.map(({ watchId }) => watchId)).not.toContain(rise?.id);
  });

  test('a restart from a lost checkpoint evaluates every run again: a new watch raises its alert, the old one nothing twice', async () => {
    const before = (await alertsOf(droppingReportId)).items;
    api.clock.now = new Date('2026-11-15T11:00:00.000Z');
    const added = await addWatch(droppingReportId, { kind: 'coverage_drop', engines: ['chatgpt'], threshold: 20 });
    await api.context.documentStore.collection(PROCESS_CHECKPOINTS).deleteOne({ _id: alertsProcess.name });
    const restarted = new ProcessRunner(api.context.eventStore, api.context.documentStore, [alertsProcess], api.services, { logger: api.context.logger });
    restarted.start();
    await restarted.waitFor(await api.context.eventStore.headPosition());
    await restarted.stop();
    await api.settle();
    const after = (await alertsOf(droppingReportId)).items;
    expect(after.map(({ watchId }) => watchId)).toEqual([added.id, ...before.map(({ watchId }) => watchId)]);
    expect(after.slice(1)).toEqual(before);
  });

  test('MCP list_brand_report_alerts, through the SDK client over HTTP, answers the alerts REST lists', async () => {
    const email = 'analyst@acme.example';
    const user = await createUser(api.context, { teamId: team.teamId, permission: 'read', workspaceIds: 'all', email, password: PASSWORD });
    await api.settle();
    const { client } = await signInWithSdk(api, { email, teamId: team.teamId, workspaceId: team.workspaceId, userId: user.id });
    try {
      const result = await client.callTool({ name: 'list_brand_report_alerts', arguments: { reportId: droppingReportId } });
      const rest = await alertsOf(droppingReportId);
      expect(result.structuredContent).toEqual({ items: rest.items, paging: { page: 1, pageSize: 50, totalCount: rest.items.length, hasMore: false } });
      expect(rest.items.some(({ kind }) => kind === 'coverage_drop')).toBe(true);
    } finally {
      await client.close();
    }
  });
});
