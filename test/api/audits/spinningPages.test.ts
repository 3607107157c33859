import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { send, startArticleSite, startFixtureServer, type FixtureServer } from '../../support/fixtureSites/index.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { testWorker, type TestWorker } from './support.js';

/** Loads, then spins in a script: the browser never gets an answer to reading its DOM. */
const SPINNING_PAGE = '<p>spinning</p><script>setTimeout(() => { for (;;) {} }, 50)</script>';

interface Audit {
  id: string;
  status: string;
  error?: string;
}

const PATHS = { content: '/v1/audits/geo/content-checks', crawlability: '/v1/audits/geo/crawlability-checks', fanOut: '/v1/audits/query-fan-outs' } as const;

describeWithChromium()('a page that spins in JavaScript', () => {
  let api: TestApi;
  let teamA: SeededTeam;
  let teamB: SeededTeam;
  let spinning: FixtureServer;
  let article: FixtureServer;
  let worker: TestWorker | null = null;

  beforeAll(async () => {
    [api, article] = await Promise.all([startTestApi(), startArticleSite()]);
    spinning = await startFixtureServer((_request, response) => send(response, 200, 'text/html', SPINNING_PAGE));
    teamA = await seedTeam(api, { plan: 'premium' });
    teamB = await seedTeam(api, { plan: 'premium' });
  });
  afterEach(async () => {
    await worker?.close();
    worker = null;
  });
  afterAll(async () => {
    await Promise.all([api.close(), spinning.close(), article.close()]);
  });

  const create = async (team: SeededTeam, path: string, body: Record<string, unknown>): Promise<string> => {
    const created = await api.call<Audit>('POST', path, { key: team.writeKey, body: { workspaceId: team.workspaceId, ...body } });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const detail = async (team: SeededTeam, path: string, id: string) => (await api.call<Audit>('GET', `${path}/${id}`, { key: team.readKey })).body;

  /** Polls until every audit of `audits` has finished; fails the test when one is still pending after a minute. */
  async function finished(team: SeededTeam, audits: Array<[path: string, id: string]>): Promise<Audit[]> {
    for (const deadline = Date.now() + 60_000; ; await delay(100)) {
      await api.settle();
      const details = await Promise.all(audits.map(([path, id]) => detail(team, path, id)));
      if (details.every(({ status }) => status === 'completed' || status === 'failed')) return details;
      if (Date.now() > deadline) throw new Error(`still unfinished after a minute: ${JSON.stringify(details.map(({ status }) => status))}`);
    }
  }

  test('fails its content check at the render deadline, with an error naming it', async () => {
    worker = testWorker(api, { renderDeadlineMs: 3_000 });
    const id = await create(teamB, PATHS.content, { url: `${spinning.origin}/deadline` });
    worker.start();
    const [check] = await finished(teamB, [[PATHS.content, id]]);
    expect(check).toMatchObject({ status: 'failed' });
    expect(check?.error).toBe(`rendering ${spinning.origin}/deadline took longer than 3 s (reading the page): the page kept the browser busy`);
  }, 90_000);

  test('another team’s content check, crawlability check and fan-out complete while three such checks run', async () => {
    // A deadline far beyond the test: team B's checks are still under way, not failed, when team A's complete.
    worker = testWorker(api, { renderDeadlineMs: 600_000 });
    const spinningChecks = await Promise.all([1, 2, 3].map((n) => create(teamB, PATHS.content, { url: `${spinning.origin}/spin-${n}` })));
    worker.start();
    while (!spinning.requests.some(({ path }) => path.startsWith('/spin-'))) await delay(50);

    const teamAAudits: Array<[string, string]> = [
      [PATHS.content, await create(teamA, PATHS.content, { url: `${article.origin}/` })],
      [PATHS.crawlability, await create(teamA, PATHS.crawlability, { url: `${article.origin}/` })],
      [PATHS.fanOut, await create(teamA, PATHS.fanOut, { query: 'best CRM for a small business' })],
    ];
    const audits = await finished(teamA, teamAAudits);

    expect(audits.map(({ status, error }) => ({ status, error }))).toEqual(Array(3).fill({ status: 'completed', error: undefined }));
    const stillSpinning = await Promise.all(spinningChecks.map((id) => detail(teamB, PATHS.content, id)));
    expect(stillSpinning.map(({ status }) => status)).toEqual(['pending', 'pending', 'pending']);
  }, 120_000);
});
