/**
 * The soak (issue 40): `geolens serve` as its own process on temporary embedded stores with the demo data, under
 * a session of mixed use from another process (bench/soakLoad.ts) for GEOLENS_SOAK_MINUTES (60 by default); the
 * server's RSS (`VmRSS`) is read each minute and printed as a table, with its growth after the first ten minutes.
 * The floor: bare node:http, as its own process, under the same load for GEOLENS_SOAK_FLOOR_MINUTES (2).
 * GEOLENS_SOAK_HEAP_SNAPSHOTS=<folder>: the server writes a heap snapshot there at the minutes named by
 * GEOLENS_SOAK_SNAPSHOT_MINUTES (`1,end` by default). Runnable alone: `node --import tsx bench/soak.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { locateChromium } from '../src/infra/browser/index.js';
import { seedDemo, type DemoCredentials } from '../src/app/demo/seedDemo.js';
import { setTeamPlan } from '../src/app/teams/teams.js';
import { compose } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { untilCaughtUp, untilRebuilt } from './api.js';
import { accessToken } from './mcp.js';
import { untilIdle } from './support/processStats.js';
import { startServeProcess } from './support/serve.js';
import type { SoakJob, SoakTally } from './support/soakJob.js';

const MINUTE_MS = 60_000;
/** The minute whose RSS the growth is measured from: the caches have filled by then. */
const SETTLED_MINUTE = 10;
/** Samples on each side of a minute whose median stands for it: RSS swings by hundreds of MB between collections. */
const MEDIAN_SPAN = 2;

/** The median of the samples from `minute - MEDIAN_SPAN` to `minute + MEDIAN_SPAN` (those that exist). */
export function medianAround(samples: readonly number[], minute: number): number {
  const around = samples.slice(Math.max(0, minute - MEDIAN_SPAN), minute + MEDIAN_SPAN + 1).sort((a, b) => a - b);
  return around[Math.floor(around.length / 2)] ?? 0;
}

const growthPercent = (from: number, to: number): number => Math.round(((to - from) / from) * 1000) / 10;

async function rssMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 102.4) / 10;
}

async function seed(dataDir: string): Promise<DemoCredentials> {
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
  try {
    const demo = await seedDemo(composition.context);
    // Quotas out of the way: an hour of load is more than a month of a plan's requests.
    await setTeamPlan(composition.context, { teamId: demo.teamId, plan: 'custom', promptsMax: 100_000, geoAuditsMax: 1_000_000, apiRequestsMax: 1_000_000_000, mcpRequestsMax: null });
    return demo;
  } finally {
    await composition.close();
  }
}

/** The load process: runs `job` and answers its tally. */
function startLoad(job: SoakJob): { done: Promise<SoakTally>; child: ChildProcess } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'soakLoad.ts'), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const done = new Promise<SoakTally>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(output) as SoakTally) : reject(new Error(`the soak's load exited with ${code}`))));
  });
  return { done, child };
}

/** RSS of `pid` at the start and after each minute while the load runs; heap snapshots at `snapshotMinutes`. */
async function sampleEachMinute(pid: number, minutes: number, snapshotMinutes: ReadonlySet<number>, print: boolean): Promise<number[]> {
  const samples = [await rssMegabytes(pid)];
  const started = Date.now();
  for (let minute = 1; minute <= minutes; minute++) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + minute * MINUTE_MS - Date.now())));
    samples.push(await rssMegabytes(pid));
    if (print) process.stdout.write(`  minute ${String(minute).padStart(3)}  RSS ${samples.at(-1)} MB\n`);
    if (snapshotMinutes.has(minute)) process.kill(pid, 'SIGUSR2');
  }
  return samples;
}

function snapshotPlan(minutes: number): { environment: Record<string, string>; minutes: Set<number> } {
  const folder = process.env.GEOLENS_SOAK_HEAP_SNAPSHOTS;
  if (!folder) return { environment: {}, minutes: new Set() };
  const named = (process.env.GEOLENS_SOAK_SNAPSHOT_MINUTES ?? '1,end').split(',').map((minute) => (minute === 'end' ? minutes : Number(minute)));
  return { environment: { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${folder}` }, minutes: new Set(named) };
}

async function readJson<T>(url: string, key: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function soakJob(url: string, demo: DemoCredentials, minutes: number): Promise<SoakJob> {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const window = `startDate=${day(29)}&endDate=${day(0)}&country=us`;
  const prompts = await readJson<{ items: Array<{ id: string }> }>(`${url}/v1/workspaces/${demo.workspaceId}/prompts`, demo.readKey);
  const citations = await readJson<{ items: Array<{ url: string }> }>(`${url}/v1/reports/brand/${demo.reportId}/citations?${window}`, demo.readKey);
  return {
    url,
    minutes,
    reportId: demo.reportId,
    workspaceId: demo.workspaceId,
    promptIds: prompts.items.map(({ id }) => id),
    citedUrls: citations.items.slice(0, 20).map((item) => item.url),
    readKey: demo.readKey,
    writeKey: demo.writeKey,
    mcpToken: await accessToken(url, demo.user),
    user: demo.user,
    contentChecks: locateChromium(process.env.CHROMIUM_PATH).state === 'ready',
  };
}

/** The same load against bare node:http in its own process: its RSS at the end, in MB. */
async function floorRss(job: SoakJob, minutes: number): Promise<number> {
  const floor = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'soakFloor.ts'), '{"items":[]}'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve) => floor.stdout?.setEncoding('utf8').on('data', (text: string) => resolve(/listening at (\S+)/.exec(text)?.[1] ?? '')));
    const load = startLoad({ ...job, url, minutes });
    const samples = await sampleEachMinute(floor.pid as number, minutes, new Set(), false);
    await load.done;
    return samples.at(-1) ?? 0;
  } finally {
    floor.kill('SIGTERM');
  }
}

function printTable(samples: readonly number[]): void {
  process.stdout.write('\n| minute | RSS of serve, MB |\n|---:|---:|\n');
  samples.forEach((rss, minute) => process.stdout.write(`| ${minute} | ${rss} |\n`));
}

const answered = (tally: SoakTally, test: (status: number) => boolean): number =>
  Object.values(tally.byKind).reduce((sum, counts) => sum + Object.entries(counts).reduce((inner, [status, count]) => inner + (test(Number(status)) ? count : 0), 0), 0);

export async function benchSoak(): Promise<Record<string, number>> {
  const minutes = Number(process.env.GEOLENS_SOAK_MINUTES ?? '60');
  const floorMinutes = Number(process.env.GEOLENS_SOAK_FLOOR_MINUTES ?? '2');
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-soak-'));
  try {
    const demo = await seed(dataDir);
    const snapshots = snapshotPlan(minutes);
    const serve = await startServeProcess(dataDir, { GEOLENS_DEMO: '1', AUDIT_ALLOW_PRIVATE_NETWORKS: '1', ...snapshots.environment });
    try {
      await untilCaughtUp(serve.url);
      await untilRebuilt(serve.url, demo.readKey, demo.reportId);
      await untilIdle(serve.pid);
      const job = await soakJob(serve.url, demo, minutes);
      const load = startLoad(job);
      const samples = await sampleEachMinute(serve.pid, minutes, snapshots.minutes, true);
      const tally = await load.done;
      process.stdout.write(`  answers by kind and status: ${JSON.stringify(tally.byKind)}\n`);
      printTable(samples);
      const settledMinute = Math.min(SETTLED_MINUTE, Math.floor(minutes / 2));
      const settled = samples[settledMinute] ?? 0;
      const end = samples.at(-1) ?? 0;
      const floor = await floorRss(job, floorMinutes);
      return {
        soakMinutes: minutes,
        soakRequests: tally.requests,
        soak5xxAnswers: answered(tally, (status) => status >= 500),
        soakUnansweredRequests: tally.errors,
        soakRssStartMegabytes: samples[0] ?? 0,
        soakSettledMinute: settledMinute,
        soakRssSettledMegabytes: settled,
        soakRssEndMegabytes: end,
        soakRssPeakMegabytes: Math.max(...samples),
        soakGrowthAfterSettledPercent: growthPercent(settled, end),
        soakGrowthAfterSettledOfMediansPercent: growthPercent(medianAround(samples, settledMinute), medianAround(samples, samples.length - 1)),
        soakFloorMinutes: floorMinutes,
        soakFloorRssMegabytes: floor,
        soakRssRatioToFloor: Math.round((end / floor) * 100) / 100,
      };
    } finally {
      await serve.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [figure, value] of Object.entries(await benchSoak())) process.stdout.write(`  ${figure.padEnd(40)} ${value.toLocaleString('en-US').padStart(12)}\n`);
}
