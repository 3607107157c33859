import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { getStatsOperation, listAgentsOperation } from '../../src/app/agentAnalytics/operations.js';
import { OPERATOR } from '../../src/app/shared/principal.js';
import { compose } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { agentLogIngestionStream } from '../../src/domain/agentLogs/events.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { runGeolens } from '../support/cli.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
const CLAUDEBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const WINDOW = { startDate: '2026-11-01', endDate: '2026-11-30' };

/** Pages visited by GPTBot (in OpenAI's ranges) and ClaudeBot on two days, and a browser: 11 rows, 6 batches of 2. */
const LOG = [
  ...Array.from({ length: 6 }, (_, page) => `74.7.241.17 - - [10/Nov/2026:0${page}:00:00 +0000] "GET /p${page} HTTP/1.1" 200 1 "-" "${GPTBOT}"`),
  ...Array.from({ length: 4 }, (_, page) => `34.162.10.4 - - [11/Nov/2026:0${page}:00:00 +0000] "GET /q${page} HTTP/1.1" 200 1 "-" "${CLAUDEBOT}"`),
  '74.7.241.17 - - [11/Nov/2026:09:00:00 +0000] "GET /p0 HTTP/1.1" 200 1 "-" "' + GPTBOT + '"',
  '198.51.100.8 - - [11/Nov/2026:09:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"',
].join('\n');

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'geolens-cli-logs-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

async function json(dataDir: string, ...args: string[]): Promise<Record<string, unknown>> {
  const result = await runGeolens(dataDir, ...args, '--json');
  expect(result).toMatchObject({ status: 0, stderr: '' });
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** A fresh data directory with a team, a workspace and a report for acme.com. */
async function reportIn(name: string): Promise<{ dataDir: string; reportId: string }> {
  const dataDir = join(workDir, name);
  const teamId = String((await json(dataDir, 'team', 'create', '--name', 'Acme')).id);
  const workspaceId = String((await json(dataDir, 'workspace', 'create', '--team', teamId, '--name', 'Main')).id);
  const reportId = String((await json(dataDir, 'report', 'create', '--workspace', workspaceId, '--brand', 'Acme', '--domain', 'acme.com')).id);
  return { dataDir, reportId };
}

async function logFile(name: string, content: string | Buffer): Promise<string> {
  const path = join(workDir, name);
  await writeFile(path, content);
  return path;
}

/** What the agents list and the stats answer for a report, read from its data directory's read models. */
async function figures(dataDir: string, reportId: string) {
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
  try {
    const context = { principal: OPERATOR, deps: composition.createServices('on-demand'), log: composition.context.logger };
    const agents = (await listAgentsOperation.run({ reportId, ...WINDOW }, context)) as { items: unknown[] };
    const stats = (await getStatsOperation.run({ reportId, ...WINDOW }, context)) as Record<string, unknown>;
    return { agents: agents.items, stats };
  } finally {
    await composition.close();
  }
}

async function ingestionStream(dataDir: string, reportId: string, content: string): Promise<string[]> {
  const store = new SqliteEventStore(dataDir);
  try {
    const sha256 = createHash('sha256').update(content).digest('hex');
    const events = await store.readStream(agentLogIngestionStream(reportId, sha256));
    return events.map(({ type, data }) => (type === 'AgentVisitsRecorded' ? `batch ${(data as { batch: number }).batch}` : type));
  } finally {
    await store.close();
  }
}

describe('geolens logs ingest', () => {
  let clean: { dataDir: string; reportId: string };
  let file: string;

  beforeAll(async () => {
    clean = await reportIn('clean');
    file = await logFile('access.log', LOG);
  }, 60_000);

  test('prints the lines, visits and skipped lines of the log as one JSON object', async () => {
    expect(await json(clean.dataDir, 'logs', 'ingest', '--report', clean.reportId, '--file', file)).toEqual({
      lines: 12, visits: 11, skipped: 0, alreadyIngested: false,
    });
    expect((await figures(clean.dataDir, clean.reportId)).agents).toEqual([
      { agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 7, verifiedVisits: 7, spoofedVisits: 0 },
      { agent: 'ClaudeBot', engine: 'claude', category: 'training', visits: 4, verifiedVisits: 0, spoofedVisits: 0 },
    ]);
  }, 60_000);

  test('ingesting the same file again, or gzipped, counts nothing twice', async () => {
    const before = await figures(clean.dataDir, clean.reportId);
    const gzipped = await logFile('access.log.gz', gzipSync(LOG));
    expect(await json(clean.dataDir, 'logs', 'ingest', '--report', clean.reportId, '--file', file)).toMatchObject({ alreadyIngested: true, visits: 0 });
    expect(await json(clean.dataDir, 'logs', 'ingest', '--report', clean.reportId, '--file', gzipped)).toMatchObject({ alreadyIngested: true });
    expect(await figures(clean.dataDir, clean.reportId)).toEqual(before);
  }, 60_000);

  test('an ingestion killed with SIGKILL halfway and run again counts every visit exactly once', async () => {
    const crashed = await reportIn('crashed');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'support', 'ingestUntilKilled.ts'), crashed.dataDir, crashed.reportId, file, '1'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let said = '';
    for await (const chunk of child.stdout) if ((said += String(chunk)).includes('\n')) break;
    expect(said).toBe('stopped\n');
    child.kill('SIGKILL');
    const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');
    expect(await ingestionStream(crashed.dataDir, crashed.reportId, LOG)).toEqual(['AgentLogIngestionStarted', 'batch 0', 'batch 1']);

    expect(await json(crashed.dataDir, 'logs', 'ingest', '--report', crashed.reportId, '--file', file)).toEqual({
      lines: 12, visits: 11, skipped: 0, alreadyIngested: false,
    });
    expect(await ingestionStream(crashed.dataDir, crashed.reportId, LOG)).toEqual([
      'AgentLogIngestionStarted', 'batch 0', 'batch 1', 'batch 2', 'batch 3', 'batch 4', 'batch 5', 'AgentLogsIngested',
    ]);
    expect(await json(crashed.dataDir, 'logs', 'ingest', '--report', crashed.reportId, '--file', file)).toMatchObject({ alreadyIngested: true });

    const single = await reportIn('single');
    await json(single.dataDir, 'logs', 'ingest', '--report', single.reportId, '--file', file);
    const singleFigures = await figures(single.dataDir, single.reportId);
    expect(singleFigures.stats).toMatchObject({ totalAgentVisits: 11 });
    expect(await figures(crashed.dataDir, crashed.reportId)).toEqual(singleFigures);
  }, 120_000);

  test('bad input exits with status 2 and one line naming the flag', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--report', clean.reportId, '--file', join(workDir, 'missing.log')], /^error: --file: ENOENT/],
      [['--report', clean.reportId, '--file', workDir], /^error: --file: .* is not a file/],
      [['--report', clean.reportId, '--file', file, '--format', 'w3c'], /^error: --format: /],
      [['--report', clean.reportId, '--file', file, '--host', 'not a host'], /^error: --host: /],
      [['--report', 'br_missing', '--file', file], /^error: --report: Brand report br_missing not found/],
      [['--file', file], /^error: required option '--report <reportId>'/],
    ];
    for (const [args, message] of cases) {
      const result = await runGeolens(clean.dataDir, 'logs', 'ingest', ...args, '--json');
      expect({ args, status: result.status, stdout: result.stdout }).toEqual({ args, status: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  }, 60_000);
});

describe('geolens logs disconnect', () => {
  test('makes the report not_connected, keeping its visits for the next ingestion', async () => {
    const { dataDir, reportId } = await reportIn('disconnect');
    await json(dataDir, 'logs', 'ingest', '--report', reportId, '--file', await logFile('disconnect.log', LOG));
    expect(await json(dataDir, 'logs', 'disconnect', '--report', reportId)).toEqual({ reportId, availability: 'not_connected' });
    expect((await figures(dataDir, reportId)).stats).toMatchObject({ availability: 'not_connected', totalAgentVisits: null });
    const more = await logFile('more.log', `74.7.241.17 - - [12/Nov/2026:00:00:00 +0000] "GET /p0 HTTP/1.1" 200 1 "-" "${GPTBOT}"`);
    await json(dataDir, 'logs', 'ingest', '--report', reportId, '--file', more);
    expect((await figures(dataDir, reportId)).stats).toMatchObject({ availability: 'connected_with_data', totalAgentVisits: 12 });
  }, 60_000);
});

describe('geolens crawlers ranges', () => {
  test('replaces an agent’s ranges for visits ingested from then on', async () => {
    const { dataDir, reportId } = await reportIn('ranges');
    const fromDocumentationRange = (day: string) =>
      `192.0.2.9 - - [${day}/Nov/2026:00:00:00 +0000] "GET /pricing HTTP/1.1" 200 1 "-" "${GPTBOT}"`;
    await json(dataDir, 'logs', 'ingest', '--report', reportId, '--file', await logFile('before.log', fromDocumentationRange('10')));
    const ranges = await logFile('ranges.json', JSON.stringify({ gptbot: ['192.0.2.0/24', '2001:db8::/32'] }));
    expect(await json(dataDir, 'crawlers', 'ranges', '--file', ranges)).toEqual({ agents: 1, ranges: 2 });
    await json(dataDir, 'logs', 'ingest', '--report', reportId, '--file', await logFile('after.log', fromDocumentationRange('11')));
    expect((await figures(dataDir, reportId)).agents).toEqual([
      { agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 2, verifiedVisits: 1, spoofedVisits: 1 },
    ]);
  }, 60_000);

  test('a bad file exits with status 2 naming the culprit, and replaces nothing', async () => {
    const dataDir = join(workDir, 'ranges');
    const cases: Array<[string, RegExp]> = [
      [JSON.stringify({ NotABot: ['192.0.2.0/24'] }), /^error: --file \(ranges\.NotABot\): "NotABot" is not an agent of the crawler catalog/],
      [JSON.stringify({ GPTBot: ['192.0.2.1'] }), /^error: --file \(ranges\.GPTBot\.0\): not an IPv4 or IPv6 CIDR/],
      ['{"GPTBot": [', /^error: --file: .*JSON/],
    ];
    for (const [content, message] of cases) {
      const result = await runGeolens(dataDir, 'crawlers', 'ranges', '--file', await logFile('bad.json', content), '--json');
      expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
    }
  }, 60_000);
});
