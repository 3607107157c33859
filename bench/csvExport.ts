/**
 * CSV downloads (issue 21) from a `geolens serve` process, on the analytics bench report (100 prompts on 7
 * engines, 90 days of simulated runs: 63,000): its citation list as one CSV of every page, beside the floor
 * measured in the same run, the same items read as JSON pages (of 100) one after another; each three times in
 * turn, the median kept. Its cited URLs are few (one page), so the AI responses of one of its prompts (every run
 * of 90 days on 7 engines, answers of about 3 KB: many pages, JSON in the list's own pages of 25) are measured
 * the same way. The requests come from this process; the server's CPU and peak RSS are read from `/proc`
 * (`VmHWM` reset before each download). `GEOLENS_BENCH_SCALE=0.1` seeds a tenth of the prompts.
 * Runnable alone: `node --import tsx bench/csvExport.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../src/config.js';
import { DAYS, FULL_PROMPTS, dayOf, seed } from './analytics.js';
import { cpuSeconds, peakRssMegabytes, resetPeakRss, untilIdle } from './support/processStats.js';
import { startServeProcess } from './support/serve.js';

const JSON_PAGE = 100;

interface Download {
  items: number;
  bytes: number;
  requests: number;
  firstByteMs: number;
}

interface Measured extends Download {
  seconds: number;
  serverCpuSeconds: number;
  serverPeakRssMegabytes: number;
  serverRssBeforeMegabytes: number;
}

type JsonPage = { items: unknown[]; paging: { hasMore: boolean; nextCursor?: string | null } };

/** Every page of a JSON list, one after another: pages of 100 by offset, or the list's own cursor pages. */
async function jsonPages(url: string, key: string): Promise<Download> {
  const download: Download = { items: 0, bytes: 0, requests: 0, firstByteMs: 0 };
  const started = performance.now();
  for (let next: string | null = `&limit=${JSON_PAGE}&offset=0`; next !== null; ) {
    const response = await fetch(`${url}${next}`, { headers: { authorization: `Bearer ${key}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    if (download.requests === 0) download.firstByteMs = performance.now() - started;
    const { items, paging } = JSON.parse(text) as JsonPage;
    Object.assign(download, { items: download.items + items.length, bytes: download.bytes + text.length, requests: download.requests + 1 });
    const offset = download.items;
    next = !paging.hasMore ? null : paging.nextCursor ? `&cursor=${paging.nextCursor}` : `&limit=${JSON_PAGE}&offset=${offset}`;
  }
  return download;
}

/** Records counted as they stream in: line ends outside quoted fields, less the header. */
async function csvDownload(url: string, key: string): Promise<Download> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/csv' } });
  if (!response.ok || response.body === null) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const download: Download = { items: -1, bytes: 0, requests: 1, firstByteMs: 0 };
  let quoted = false;
  for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
    if (download.bytes === 0) download.firstByteMs = performance.now() - started;
    download.bytes += chunk.length;
    for (const character of chunk) {
      if (character === '"') quoted = !quoted;
      else if (character === '\n' && !quoted) download.items += 1;
    }
  }
  return download;
}

async function measure(pid: number, download: () => Promise<Download>): Promise<Measured> {
  await untilIdle(pid);
  await resetPeakRss(pid);
  const serverRssBeforeMegabytes = await peakRssMegabytes(pid);
  const cpuBefore = await cpuSeconds(pid);
  const started = performance.now();
  const result = await download();
  const seconds = (performance.now() - started) / 1000;
  return { ...result, seconds, serverCpuSeconds: (await cpuSeconds(pid)) - cpuBefore, serverPeakRssMegabytes: await peakRssMegabytes(pid), serverRssBeforeMegabytes };
}

const REPEATS = 3;

/** Each measurement `times` times, taking turns so that outside load falls on both; the median run of each. */
async function alternately(times: number, measurements: ReadonlyArray<() => Promise<Measured>>): Promise<Measured[]> {
  const runs: Measured[][] = measurements.map(() => []);
  for (let round = 0; round < times; round++) for (const [index, measurement] of measurements.entries()) runs[index]?.push(await measurement());
  return runs.map((measured) => measured.sort((left, right) => left.seconds - right.seconds)[Math.floor(times / 2)] as Measured);
}

const round = (value: number): number => Math.round(value * 100) / 100;

function figuresOf(prefix: string, measured: Measured): Record<string, number> {
  return {
    [`${prefix}Items`]: measured.items,
    [`${prefix}Requests`]: measured.requests,
    [`${prefix}Megabytes`]: round(measured.bytes / 1e6),
    [`${prefix}Seconds`]: round(measured.seconds),
    [`${prefix}FirstByteMs`]: round(measured.firstByteMs),
    [`${prefix}ServerCpuSeconds`]: round(measured.serverCpuSeconds),
    [`${prefix}ServerPeakRssMegabytes`]: round(measured.serverPeakRssMegabytes),
    [`${prefix}ServerRssBeforeMegabytes`]: round(measured.serverRssBeforeMegabytes),
  };
}

/** One list downloaded as CSV and as JSON pages, in turns; the figures of both and their time ratio. */
async function compare(pid: number, key: string, url: string, prefix: string): Promise<Record<string, number>> {
  const [json, csv] = (await alternately(REPEATS, [() => measure(pid, () => jsonPages(url, key)), () => measure(pid, () => csvDownload(url, key))])) as [Measured, Measured];
  if (csv.items !== json.items) throw new Error(`${url}: the CSV holds ${csv.items} items, the JSON pages ${json.items}`);
  return { ...figuresOf(prefix, csv), ...figuresOf(`${prefix}FloorJsonPages`, json), [`${prefix}TimeToFloor`]: round(csv.seconds / json.seconds) };
}

export async function benchCsvExport(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('GEOLENS_BENCH_SCALE must be a positive number');
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-csv-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const { seeded, runs } = await seed(config, Math.max(1, Math.round(FULL_PROMPTS * scale)));
    const serve = await startServeProcess(dataDir, {});
    try {
      const report = `${serve.url}/v1/reports/brand/${seeded.reportId}`;
      const window = `startDate=${dayOf(DAYS - 1)}&endDate=${dayOf(0)}&country=us`;
      return {
        csvExportRuns: runs,
        ...(await compare(serve.pid, seeded.key, `${report}/citations?${window}`, 'csvExport')),
        ...(await compare(serve.pid, seeded.key, `${report}/prompts/${seeded.promptIds[0]}/ai-responses?${window}`, 'csvExportAiResponses')),
      };
    } finally {
      await serve.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [figure, value] of Object.entries(await benchCsvExport())) {
    process.stdout.write(`  ${figure.padEnd(44)} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 }).padStart(14)}\n`);
  }
}
