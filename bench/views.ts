/**
 * The report views a dashboard opens at once (issue 24, item 4), under load from a separate process: `/stats`,
 * `/citations` and `/recommendations` of the 90-day report of bench/analytics.ts (100 prompts × 7 engines,
 * `GEOLENS_BENCH_SCALE` shrinks the prompts), 10 clients each, three ways in the same run: answered through the
 * response cache (what serve does), computed on every request (the same server with a cache that holds nothing:
 * what serve did before), and the floor (bare node:http answering the same bytes). Beside them: the peak RSS of the
 * server process under the 10-client loads and the read models' size per million runs. Every request is a
 * browser's (its key and `accept-encoding: gzip, deflate, br`), so large held answers go compressed.
 * `/recommendations` is also computed with no evidence held (each request decodes the month again, as after a
 * start or a replay); computed on every request, it reads the days whose revision changed only.
 * `GEOLENS_BENCH_SECONDS` sets each load's length (default 10). Runnable alone: `node --import tsx bench/views.ts`.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { ResponseCache } from '../src/app/shared/responseCache.js';
import { forgetHeldEvidence } from '../src/projections/reportHistory/reader.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { DAYS, dayOf, FULL_PROMPTS, seed } from './analytics.js';
import { profiled } from './support/profile.js';
import { assertClean, listening, loadFromAnotherProcess, ratio, recordAnswerAsSent, startFloorServer, type LoadResult } from './support/load.js';
import { peakRssMegabytes, resetPeakRss } from './support/processStats.js';

const CLIENTS = 10;

/** The headers of the dashboard's requests: its key, and the encodings every browser accepts. */
const asBrowser = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}`, 'accept-encoding': 'gzip, deflate, br' });
const silent = pino({ level: 'silent' });

/** Bytes of one embedded store's files in the data dir (`readmodels` or `events`: the .sqlite file and its WAL). */
async function storeBytes(dataDir: string, store: 'readmodels' | 'events'): Promise<number> {
  const files = (await readdir(dataDir)).filter((name) => name.startsWith(`${store}.sqlite`));
  let bytes = 0;
  for (const name of files) bytes += (await stat(join(dataDir, name))).size;
  return bytes;
}

interface ViewLoads {
  cached: LoadResult;
  computed: LoadResult;
  floor: LoadResult;
}

/**
 * One view's three loads. `computedClients`: a view that takes seconds to compute is loaded by one client
 * when computed, since 10 would queue past the load generator's 10-second timeout.
 */
async function measureView(name: string, urls: { cached: string; computed: string }, path: string, key: string, seconds: number, computedClients: number): Promise<ViewLoads> {
  const headers = asBrowser(key);
  const job = (url: string, connections = CLIENTS) => ({ url, connections, durationSeconds: seconds, headers });
  // The floor answers the bytes a browser received: compressed where geolens compressed them.
  const answer = await recordAnswerAsSent(`${urls.cached}${path}`, headers);
  if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
  const cached = assertClean(`${name}, cached`, await loadFromAnotherProcess(job(`${urls.cached}${path}`)));
  // GEOLENS_BENCH_PROFILE=<folder>: the server's thread is profiled while it computes the view on every request.
  const computed = assertClean(`${name}, computed`, await profiled(`${name}Computed`, () => loadFromAnotherProcess(job(`${urls.computed}${path}`, computedClients))));
  const floorServer = await startFloorServer(answer);
  try {
    return { cached, computed, floor: assertClean(`${name} floor`, await loadFromAnotherProcess(job(`${floorServer.url}${path}`))) };
  } finally {
    await floorServer.close();
  }
}

const viewFigures = (name: string, computedClients: number, { cached, computed, floor }: ViewLoads): Record<string, number> => ({
  [`${name}TenClientsP50Ms`]: cached.p50,
  [`${name}TenClientsP99Ms`]: cached.p99,
  [`${name}TenClientsRequestsPerSecond`]: cached.requestsPerSecond,
  [`${name}ComputedClients`]: computedClients,
  [`${name}TenClientsComputedP50Ms`]: computed.p50,
  [`${name}TenClientsComputedP99Ms`]: computed.p99,
  [`${name}TenClientsComputedRequestsPerSecond`]: computed.requestsPerSecond,
  [`${name}TenClientsFloorP99Ms`]: floor.p99,
  [`${name}TenClientsFloorRequestsPerSecond`]: floor.requestsPerSecond,
  [`${name}TenClientsRatioToFloor`]: ratio(cached.requestsPerSecond, floor.requestsPerSecond),
});

/**
 * A dashboard opens the views together: 10 clients on `/stats`, answered from the cache, while one client loads
 * `/recommendations` computed on every request by a server of the same process (a month of runs measured per
 * request). What the computation costs the cached answers' latency, beside `/stats` alone.
 */
async function statsBesideComputedRecommendations(urls: { cached: string; computed: string }, report: string, window: string, key: string, seconds: number): Promise<Record<string, number>> {
  const headers = asBrowser(key);
  const [stats, recommendations] = await Promise.all([
    loadFromAnotherProcess({ url: `${urls.cached}${report}/stats?${window}`, connections: CLIENTS, durationSeconds: seconds, headers }),
    loadFromAnotherProcess({ url: `${urls.computed}${report}/recommendations?country=us`, connections: 1, durationSeconds: seconds, headers }),
  ]);
  assertClean('stats beside computed recommendations', stats);
  assertClean('computed recommendations beside stats', recommendations);
  return {
    statsBesideComputedRecommendationsP50Ms: stats.p50,
    statsBesideComputedRecommendationsP99Ms: stats.p99,
    statsBesideComputedRecommendationsRequestsPerSecond: stats.requestsPerSecond,
    computedRecommendationsBesideStatsP50Ms: recommendations.p50,
  };
}

export async function benchViews(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  const seconds = Number(process.env.GEOLENS_BENCH_SECONDS ?? '10');
  if (!(scale > 0) || !(seconds > 0)) throw new Error('GEOLENS_BENCH_SCALE and GEOLENS_BENCH_SECONDS must be positive numbers');
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-views-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const prompts = Math.max(1, Math.round(FULL_PROMPTS * scale));
    const { seeded, runs } = await seed(config, prompts);
    const composition = await compose(config, silent);
    const runner = composition.createProjectionRunner();
    await runner.start();
    const services = composition.createServices(runner);
    const cachedServer = await listening(createServer(composition.createHttpApp(services)));
    // The same server with a cache that holds nothing: every request computes its answer, as before the cache.
    const computedApp = composition.createHttpApp({ ...services, responseCache: new ResponseCache({ maxBytes: 0 }) });
    const computedServer = await listening(createServer(computedApp));
    // And computed with no evidence held either: what the first request after a start or a replay costs.
    const coldServer = await listening(createServer((request, response) => {
      forgetHeldEvidence(services.readModels);
      void computedApp(request, response);
    }));
    const urls = { cached: cachedServer.url, computed: computedServer.url };
    try {
      const report = `/v1/reports/brand/${seeded.reportId}`;
      const window = `startDate=${dayOf(DAYS - 1)}&endDate=${dayOf(0)}&country=us`;
      const views: Array<[string, string, number]> = [
        ['stats', `${report}/stats?${window}`, CLIENTS],
        ['citations', `${report}/citations?${window}`, CLIENTS],
        ['recommendations', `${report}/recommendations?country=us`, 1],
      ];
      const readModelBytes = await storeBytes(dataDir, 'readmodels');
      const eventLogBytes = await storeBytes(dataDir, 'events');
      // Bytes per run are megabytes per million runs.
      const figures: Record<string, number> = {
        viewsPrompts: prompts,
        viewsRuns: runs,
        readModelMegabytesPerMillionRuns: readModelBytes / runs,
        eventLogMegabytesPerMillionRuns: eventLogBytes / runs,
        readModelToEventLogSizeRatio: readModelBytes / eventLogBytes,
      };
      await resetPeakRss(process.pid);
      for (const [name, path, computedClients] of views) {
        Object.assign(figures, viewFigures(name, computedClients, await measureView(name, urls, path, seeded.key, seconds, computedClients)));
        process.stderr.write(`views: ${name} measured\n`);
      }
      figures.servePeakRssMegabytesUnderTenClients = await peakRssMegabytes(process.pid);
      const cold = assertClean('recommendations, nothing held', await loadFromAnotherProcess({
        url: `${coldServer.url}${report}/recommendations?country=us`, connections: 1, durationSeconds: seconds, headers: asBrowser(seeded.key),
      }));
      figures.recommendationsComputedNothingHeldP50Ms = cold.p50;
      figures.recommendationsComputedNothingHeldP99Ms = cold.p99;
      process.stderr.write('views: recommendations with no evidence held measured\n');
      Object.assign(figures, await statsBesideComputedRecommendations(urls, report, window, seeded.key, seconds));
      process.stderr.write('views: /stats beside a computed /recommendations measured\n');
      const cache = services.responseCache.stats();
      figures.responseCacheEntries = cache.entries;
      figures.responseCacheBytes = cache.bytes;
      return figures;
    } finally {
      await cachedServer.close();
      await computedServer.close();
      await coldServer.close();
      await runner.stop();
      await composition.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchViews();
  process.stdout.write('\nviews\n');
  for (const [figure, value] of Object.entries(figures)) {
    process.stdout.write(`  ${figure.padEnd(48)} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 }).padStart(12)}\n`);
  }
}
