/**
 * The agents endpoint under load: 90 days of AI-agent visits of every catalogued crawler to one report's pages
 * (200 pages; `GEOLENS_BENCH_SCALE=0.1` makes it 20), ingested as a `combined` log through the real ingestion,
 * then the real server on a loopback port answers `GET …/agent-analytics/agents` over the 90 days while
 * autocannon, in a separate process, loads it with 20 connections for 10 s. Beside it, a floor measured in the
 * same run the same way: a bare node:http server answering the same body. Runnable alone:
 * `node --import tsx bench/agentAnalytics.ts`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { ingestAgentLogs } from '../src/app/agentAnalytics/ingest.js';
import { createBrandReport } from '../src/app/brandReports/edit/commands.js';
import { createApiKey } from '../src/app/credentials/credentials.js';
import { activeReport } from '../src/app/agentAnalytics/connector.js';
import { createTeam, setTeamPlan } from '../src/app/teams/teams.js';
import { createWorkspace } from '../src/app/workspaces/commands.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { CRAWLERS } from '../src/domain/crawlers/catalog.js';
import { addDays, utcDay } from '../src/domain/shared/days.js';
import { ingestLog } from '../src/infra/logs/index.js';
import { startServer } from '../src/server.js';

const DAYS = 90;
const FULL_PAGES = 200;
const CONNECTIONS = 20;
const DURATION_SECONDS = 10;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const AGENTS = CRAWLERS.filter((crawler) => crawler.userAgentToken !== null && crawler.userAgent !== null);

const apacheDay = (day: string): string => {
  const [year, month, date] = day.split('-');
  return `${date}/${MONTHS[Number(month) - 1]}/${year}`;
};

/** Every agent visits every page on every day of the window, one to three times: a busy site's 90 days. */
function* visitLines(firstDay: string, pages: number): Generator<Buffer> {
  for (let dayIndex = 0; dayIndex < DAYS; dayIndex += 1) {
    const lines: string[] = [];
    const day = apacheDay(addDays(firstDay, dayIndex));
    for (const [agentIndex, agent] of AGENTS.entries()) {
      for (let page = 0; page < pages; page += 1) {
        const repeats = 1 + ((dayIndex + agentIndex + page) % 3);
        for (let repeat = 0; repeat < repeats; repeat += 1) {
          lines.push(`198.51.100.${(page + repeat) % 250} - - [${day}:12:00:0${repeat} +0000] "GET /page/${page} HTTP/1.1" 200 1 "-" "${agent.userAgent}"`);
        }
      }
    }
    yield Buffer.from(`${lines.join('\n')}\n`);
  }
}

interface Seeded {
  reportId: string;
  readKey: string;
  visits: number;
}

async function seed(config: Config, pages: number, today: string): Promise<Seeded> {
  const composition = await compose(config, pino({ level: 'silent' }));
  try {
    const { context } = composition;
    const team = await createTeam(context, { name: 'Bench', plan: 'custom' });
    await setTeamPlan(context, { teamId: team.id, plan: 'custom', apiRequestsMax: 1_000_000_000 });
    const workspace = await createWorkspace(context, { teamId: team.id, name: 'Main' });
    const report = await createBrandReport(context, { workspaceId: workspace.id, brand: 'Acme', brandDomain: 'acme.com' });
    const readKey = await createApiKey(context, { teamId: team.id, permission: 'read', workspaceIds: 'all' });
    const firstDay = addDays(today, -(DAYS - 1));
    const source = { classify: (format: 'combined', classification: Parameters<typeof ingestLog>[1]) => ingestLog(Readable.from(visitLines(firstDay, pages)), { ...classification, format }) };
    const answer = await ingestAgentLogs(composition.createServices('on-demand'), await activeReport(context, report.id), { format: 'combined', source });
    return { reportId: report.id, readKey: readKey.key, visits: answer.visits };
  } finally {
    await composition.close();
  }
}

async function untilCaughtUp(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 6000; attempt += 1) {
    const health = (await (await fetch(`${baseUrl}/v1/health`)).json()) as { projections: Array<{ state: string; lag: string }> };
    if (health.projections.every(({ state, lag }) => state === 'live' && lag === '0')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The read models did not catch up within 600 s');
}

interface Load {
  p50: number;
  p99: number;
  requestsPerSecond: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** autocannon in a child process, so that the load generator does not share the server's event loop. */
async function loadFromAnotherProcess(url: string, headers: Record<string, string>): Promise<Load> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const child = spawn(process.execPath, [autocannonBin, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_SECONDS), ...headerArgs, url], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const result = JSON.parse(output) as { latency: { p50: number; p99: number }; requests: { average: number }; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, requestsPerSecond: result.requests.average };
}

/** The floor: node:http answering the same bytes with nothing else to do. */
async function measureFloor(body: string): Promise<Load> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await loadFromAnotherProcess(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {});
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function benchAgentAnalytics(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`GEOLENS_BENCH_SCALE must be a positive number, got ${process.env.GEOLENS_BENCH_SCALE}`);
  const pages = Math.max(10, Math.round(FULL_PAGES * scale));
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-agents-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', GEOLENS_DEMO: '0' }), port: 0 };
  try {
    const today = utcDay(new Date());
    const seedStarted = performance.now();
    const seeded = await seed(config, pages, today);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const server = await startServer(config, pino({ level: 'silent' }));
    try {
      await untilCaughtUp(server.url);
      const url = `${server.url}/v1/reports/brand/${seeded.reportId}/agent-analytics/agents?startDate=${addDays(today, -(DAYS - 1))}&endDate=${today}&limit=100`;
      const headers = { authorization: `Bearer ${seeded.readKey}` };
      const sample = await fetch(url, { headers });
      const body = await sample.text();
      if (sample.status !== 200 || (JSON.parse(body) as { items: unknown[] }).items.length !== AGENTS.length) throw new Error(`unexpected answer ${sample.status}: ${body.slice(0, 200)}`);
      const agents = await loadFromAnotherProcess(url, headers);
      const floor = await measureFloor(body);
      return {
        agentsDays: DAYS,
        agentsPages: pages,
        agentsVisits: seeded.visits,
        agentsSeedSeconds: seedSeconds,
        agentsEndpoint90dP50Ms: agents.p50,
        agentsEndpoint90dP99Ms: agents.p99,
        agentsEndpointRequestsPerSecond: agents.requestsPerSecond,
        agentsFloorP99Ms: floor.p99,
        agentsFloorRequestsPerSecond: floor.requestsPerSecond,
        agentsP99ToFloorRatio: agents.p99 / Math.max(floor.p99, 1),
      };
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchAgentAnalytics();
  for (const [figure, value] of Object.entries(figures)) {
    process.stdout.write(`  ${figure.padEnd(36)} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 }).padStart(16)}\n`);
  }
}
