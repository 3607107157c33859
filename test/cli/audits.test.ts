import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { createTeam, setTeamPlan } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { compose } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { checkStream } from '../../src/domain/audits/events.js';
import { findCrawler } from '../../src/domain/crawlers/index.js';
import { locateChromium } from '../../src/infra/browser/index.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { runGeolens, type CliResult } from '../support/cli.js';
import { startArticleSite, startGptBotBlockingSite, type FixtureServer } from '../support/fixtureSites/index.js';

let dataDir: string;
let workspaceId: string;
let teamId: string;
let site: FixtureServer;
let article: FixtureServer;

const geolens = (...args: string[]): Promise<CliResult> => runGeolens(dataDir, ...args);

async function json(...args: string[]): Promise<Record<string, unknown>> {
  const result = await geolens(...args, '--json');
  expect(result).toMatchObject({ status: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** Reads the event log itself, through a connection of its own on the file. */
async function inLog<T>(read: (store: SqliteEventStore) => Promise<T>): Promise<T> {
  const store = new SqliteEventStore(dataDir);
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

const outcomeEvents = (checkId: string): Promise<string[]> =>
  inLog(async (store) => (await store.readStream(checkStream('crawlability', checkId))).map(({ type }) => type));

beforeAll(async () => {
  // The fixture sites are on loopback; the geolens processes inherit this.
  process.env.AUDIT_ALLOW_PRIVATE_NETWORKS = '1';
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-cli-audits-'));
  [site, article] = await Promise.all([startGptBotBlockingSite(), startArticleSite()]);
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
  try {
    teamId = (await createTeam(composition.context, { name: 'Acme', plan: 'premium' })).id;
    workspaceId = (await createWorkspace(composition.context, { teamId, name: 'Main' })).id;
  } finally {
    await composition.close();
  }
});

afterAll(async () => {
  await Promise.all([site.close(), article.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

describe('geolens audit and fanout', () => {
  test('audit crawlability prints the pending check; with --wait, the completed one', async () => {
    const url = `${site.origin}/blog/post`;
    const created = await json('audit', 'crawlability', '--workspace', workspaceId, '--url', url);
    expect(created).toEqual({ id: expect.stringMatching(/^cr_/), workspaceId, url, status: 'pending', createdDate: expect.any(String) });

    const finished = await json('audit', 'crawlability', '--workspace', workspaceId, '--url', url, '--wait');
    expect(finished).toMatchObject({ workspaceId, url, domain: '127.0.0.1', status: 'completed', robotsTxtAnalysisResult: false });
    expect(finished.robotsTxtAnalysis).toMatchObject({ GPTBot: false, 'OAI-SearchBot': true, Bingbot: true });
    expect(await outcomeEvents(String(finished.id))).toEqual(['CrawlabilityCheckCompleted']);
    // --wait ran only its own check: the first one is still waiting for a worker.
    expect(await outcomeEvents(String(created.id))).toEqual([]);
  }, 60_000);

  test('worker audits runs the waiting checks until it is stopped', async () => {
    const created = await json('audit', 'crawlability', '--workspace', workspaceId, '--url', `${site.origin}/private/plans`);
    const worker = spawn(process.execPath, [join(import.meta.dirname, '..', '..', 'bin', 'geolens'), 'worker', 'audits'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => worker.on('exit', resolve));
    try {
      while ((await outcomeEvents(String(created.id))).length === 0) await delay(50);
      expect(await outcomeEvents(String(created.id))).toEqual(['CrawlabilityCheckCompleted']);
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);

  (locateChromium(undefined).state === 'ready' ? test : test.skip)('audit content --wait fetches as the --crawler, with the service header when asked', async () => {
    const before = article.requests.length;
    const finished = await json('audit', 'content', '--workspace', workspaceId, '--url', `${article.origin}/`, '--crawler', 'GPTBot', '--send-service-header', '--wait');
    expect(finished).toMatchObject({ status: 'completed', crawlerIdentity: 'GPTBot', sendServiceHeader: true });
    expect(finished.structuralAnalysis).toMatchObject({ overallScore: expect.any(Number) });
    const fetched = article.requests.slice(before).filter(({ path }) => path === '/');
    expect(fetched.map(({ headers }) => [headers['user-agent'], headers['x-geolens-audit']])).toEqual(
      fetched.map(() => [findCrawler('GPTBot')?.userAgent, finished.id]),
    );
  }, 60_000);

  test('fanout --wait prints the completed run on the engines and in the country asked for, simulated without keys', async () => {
    const finished = await json('fanout', '--workspace', workspaceId, '--query', 'best CRM for agencies', '--country', 'uk', '--engine', 'perplexity', '--engine', 'claude', '--wait');
    expect(finished).toMatchObject({ workspaceId, query: 'best CRM for agencies', country: 'uk', status: 'completed' });
    expect((finished.engines as Array<{ engine: string; simulated: boolean }>).map(({ engine, simulated }) => [engine, simulated])).toEqual([
      ['perplexity', true],
      ['claude', true],
    ]);
  }, 60_000);

  test.each([
    [['audit', 'crawlability', '--url', 'ftp://example.com/'], '--url'],
    [['audit', 'content', '--url', 'https://example.com/', '--crawler', 'MyBot'], '--crawler'],
    [['fanout', '--query', ''], '--query'],
    [['fanout', '--query', 'crm', '--engine', 'bing'], '--engine'],
  ])('bad input (%j) exits 2 with one line naming %s, and creates nothing', async (args, flag) => {
    const head = await inLog((store) => store.headPosition());
    const result = await geolens(...args, '--workspace', workspaceId, '--json');
    expect(await inLog((store) => store.headPosition())).toBe(head);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(flag);
  }, 30_000);

  test('creations from several processes at once never pass geoAuditMaxCount', async () => {
    const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
    let capped: string;
    try {
      const team = await createTeam(composition.context, { name: 'Capped', plan: 'standard' });
      await setTeamPlan(composition.context, { teamId: team.id, plan: 'standard', geoAuditsMax: 2 });
      capped = (await createWorkspace(composition.context, { teamId: team.id, name: 'Capped' })).id;
    } finally {
      await composition.close();
    }
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        index % 2 === 0
          ? geolens('audit', 'crawlability', '--workspace', capped, '--url', `https://example.com/${index}`, '--json')
          : geolens('fanout', '--workspace', capped, '--query', `query ${index}`, '--json'),
      ),
    );
    expect(results.filter(({ status }) => status === 0)).toHaveLength(2);
    const refused = results.filter(({ status }) => status !== 0);
    expect(refused).toHaveLength(3);
    for (const { status, stderr } of refused) {
      expect(status).toBe(2);
      expect(stderr).toContain('GEO audit quota exhausted: 2 of 2 audits used in this billing period');
    }
  }, 60_000);
});
