import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

/**
 * A new report's prompts run at once on the scheduler's own path (leased jobs, run ids of prompt, engine and
 * day), not at its next pass, which is 5 minutes away here: the report's /stats turns from pending to figures.
 */
let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi({ scheduler: true });
  team = await seedTeam(api);
});
afterAll(() => api.close());

interface Stats {
  status: string;
  summary: { brandCoverage: number; runs: number };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test("a report created with new prompts shows pending, then its first runs' figures within seconds", async () => {
  const created = await api.call<{ items: Array<{ id: string }> }>('POST', `/v1/workspaces/${team.workspaceId}/prompts`, {
    key: team.writeKey,
    body: { country: 'us', prompts: ['What is the best CRM for a small team?', 'Which CRM integrates with Gmail?'] },
  });
  const promptIds = created.body.items.map(({ id }) => id);
  const report = await api.call<{ id: string }>('POST', '/v1/reports/brand', {
    key: team.writeKey,
    body: { workspaceId: team.workspaceId, brand: 'HubSpot', brandDomain: 'hubspot.com', promptIds },
  });
  expect(report.status).toBe(201);
  const today = api.clock.now.toISOString().slice(0, 10);
  const stats = () => api.call<Stats>('GET', `/v1/reports/brand/${report.body.id}/stats?startDate=${today}&endDate=${today}&country=us`, { key: team.readKey });
  const first = await stats();
  expect(['pending', 'no_data', 'finished']).toContain(first.body.status);
  const started = await api.call<{ todaysRuns: { planned: number; recorded: number } }>('GET', `/v1/reports/brand/${report.body.id}/recalculation`, { key: team.readKey });
  expect(started.body.todaysRuns.planned).toBeGreaterThan(0);
  expect(started.body.todaysRuns.recorded).toBeLessThanOrEqual(started.body.todaysRuns.planned);
  // serve's rebuilder builds the new report's first history version; here the test drains it.
  const rebuiltStats = async () => {
    await api.rebuild();
    return stats();
  };
  const answered = await until(rebuiltStats, ({ body }) => body.status === 'finished' && body.summary.runs >= promptIds.length, 30_000);
  expect(answered.body).toMatchObject({ status: 'finished', summary: { runs: expect.any(Number) } });
  // Every engine serving the US answered each prompt once for each of today's replicates started by now (replicate k
  // of n starts k·24/n hours after midnight), and no run was made twice.
  const engines = await api.call<{ items: Array<{ baseEngines: string[]; addonEngines: string[] }> }>('GET', '/v1/engines?country=us', { key: team.readKey });
  const usEngines = (engines.body.items[0]?.baseEngines.length ?? 0) + (engines.body.items[0]?.addonEngines.length ?? 0);
  const workspace = await api.call<{ runsPerDayToday: number }>('GET', `/v1/workspaces/${team.workspaceId}`, { key: team.readKey });
  const hour = api.clock.now.getUTCHours() + api.clock.now.getUTCMinutes() / 60;
  const replicates = Array.from({ length: workspace.body.runsPerDayToday }, (_, k) => (k * 24) / workspace.body.runsPerDayToday).filter((start) => start <= hour).length;
  const expected = promptIds.length * usEngines * replicates;
  const settled = await until(rebuiltStats, ({ body }) => body.summary.runs >= expected, 30_000);
  expect(settled.body.summary.runs).toBe(expected);
  // The progress the report's screens follow: today's planned runs, all recorded.
  const progress = await api.call<{ todaysRuns: unknown }>('GET', `/v1/reports/brand/${report.body.id}/recalculation`, { key: team.readKey });
  expect(progress.body.todaysRuns).toEqual({ day: today, planned: expected, recorded: expected, failed: 0 });
}, 90_000);
