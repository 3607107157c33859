import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createBrandReport, updateBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import type { RunCompleted } from '../../../src/domain/run/events.js';
import type { EngineId } from '../../../src/domain/shared/engines.js';
import type { Collection } from '../../../src/ports/documentStore.js';
import type { NewEvent } from '../../../src/ports/eventStore.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../../../src/projections/reportHistory/projection.js';
import { REBUILD_LEASES_COLLECTION, ReportRebuilder, type RebuilderOptions } from '../../../src/projections/reportHistory/rebuilder.js';
import type { ReportVersionDoc } from '../../../src/projections/reportHistory/versions.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { historyHarness, type HistoryHarness } from './support.js';
import { clockAt } from '../../../src/background/clock.js';

const ENGINES: EngineId[] = ['chatgpt', 'claude', 'perplexity', 'gemini'];
const ANSWERS = [
  'Acme is the best choice for small teams. Globex is fine, but pricey.',
  'I could not find any information about Acme. Initech and Globex are popular.',
  'Globex leads the market; Acme Cloud follows closely and Initech trails.',
  'Nothing here names a tracked brand.',
];
const LINKS = ['https://www.g2.com/crm/', 'https://acme.com/pricing', 'https://en.wikipedia.org/wiki/CRM', 'https://globex.com/'];
const SETTINGS = {
  brand: 'Acme',
  brandVariations: ['Acme Cloud'],
  brandDomain: 'acme.com',
  competitors: [
    { brand: 'Globex', brandDomain: 'globex.com' },
    { brand: 'Initech', brandDomain: 'initech.com' },
  ],
};

let harness: HistoryHarness;
let workspaceId: string;
let promptIds: string[];

beforeEach(async () => {
  harness = await historyHarness();
  const team = await createTeam(harness.context, { name: 'Acme', plan: 'premium' });
  workspaceId = (await createWorkspace(harness.context, { teamId: team.id, name: 'Main' })).id;
  promptIds = [];
  for (const text of ['Best CRM?', 'Cheapest CRM?', 'CRM for agencies?']) {
    promptIds.push((await createPrompt(harness.context, { workspaceId, country: 'us', text })).id);
  }
});

afterEach(async () => harness.close());

/**
 * `count` completed runs spread over the prompts, engines and 30 days, with answers that mention the brands
 * differently: the events `runs import` records, appended in chunks rather than one commit per run (the
 * history reads runs by event type, and a commit per run would take most of the test's time).
 */
async function recordRuns(count: number): Promise<void> {
  const pick = <T>(items: readonly T[], index: number, stride: number): T => items[Math.floor(index / stride) % items.length] as T;
  const events = Array.from({ length: count }, (_, index): NewEvent => {
    const data: RunCompleted['data'] = {
      runId: `run${index}`,
      promptId: pick(promptIds, index, 30),
      workspaceId,
      country: 'us',
      engine: pick(ENGINES, index, 7),
      runDate: `2026-10-${String(1 + (index % 30)).padStart(2, '0')}T09:00:00.000Z`,
      source: 'import',
      model: null,
      content: pick(ANSWERS, index, 3),
      citations: [{ title: 'Source', link: pick(LINKS, index, 5), rank: 1 }],
      webSearchQuery: [],
      ads: [],
      shopping: [],
      overviewAvailable: true,
    };
    return { type: 'RunCompleted', data };
  });
  for (let start = 0; start < events.length; start += 500) {
    await harness.context.eventStore.append(`run-chunk${start}`, events.slice(start, start + 500));
  }
}

const newReport = async () => (await createBrandReport(harness.context, { workspaceId, ...SETTINGS, promptIds })).id;

const versionsCollection = (): Promise<Collection<ReportVersionDoc>> =>
  new ReadModels(harness.context.documentStore).collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);
const daysCollection = (): Promise<Collection<DayDoc>> =>
  new ReadModels(harness.context.documentStore).collection<DayDoc>(reportHistoryProjection, REPORT_HISTORY.days);

async function versionOf(reportId: string, state: ReportVersionDoc['state']): Promise<ReportVersionDoc> {
  const [found] = await (await versionsCollection()).find({ reportId, state }, { sort: { version: -1 }, limit: 1 });
  if (!found) throw new Error(`report ${reportId} has no ${state} version`);
  return found;
}

/** A version's day documents without what names the report and version, in a fixed order: its figures. */
async function figures({ reportId, version }: Pick<ReportVersionDoc, 'reportId' | 'version'>): Promise<unknown[]> {
  const days = await (await daysCollection()).find({ reportId, version }, { sort: { promptId: 1, day: 1 } });
  return days.map(({ _id, reportId: _reportId, version: _version, engines, ...rest }) => ({
    ...rest,
    engines: [...engines].sort((first, second) => first.engine.localeCompare(second.engine)),
  }));
}

/** What a report with the same settings shows when built in one go, without interruption. */
async function freshFigures(): Promise<unknown[]> {
  const reportId = await newReport();
  await harness.settle();
  await harness.rebuilder.drain();
  return figures(await versionOf(reportId, 'active'));
}

const rebuilder = (options: Partial<RebuilderOptions> & { owner: string }) =>
  new ReportRebuilder(harness.context.eventStore, harness.context.documentStore, { logger: harness.context.logger, batchSize: 50, ...options });

describe('a rebuild survives a restart of its process', () => {
  const fixture = join(import.meta.dirname, 'fixtures', 'rebuildReport.ts');

  interface ChildRun {
    outcome: 'killed' | 'done';
    lines: string[];
  }

  /** Runs the fixture on the harness's stores; SIGKILLs it once its progress reaches `killAt`. */
  function runChild(reportId: string, pauseMs: number, killAt: number | null): Promise<ChildRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture, harness.dataDir, reportId, String(pauseMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
      const lines: string[] = [];
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        lines.push(...chunk.split('\n').filter(Boolean));
        const processed = Number(lines.filter((line) => line.startsWith('progress ')).at(-1)?.split(' ')[1] ?? 0);
        if (killAt !== null && processed >= killAt && !child.killed) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (signal === 'SIGKILL') resolve({ outcome: 'killed', lines });
        else if (code === 0) resolve({ outcome: 'done', lines });
        else reject(new Error(`child exited with ${code}: ${lines.join(' | ')}`));
      });
    });
  }

  const lastProgress = ({ lines }: ChildRun) => Number(lines.filter((line) => line.startsWith('progress ')).at(-1)?.split(' ')[1]);

  test('killed with SIGKILL mid-rebuild, the restarted process resumes from the checkpoint and ends with exact figures', async () => {
    const RUNS = 2_000;
    await recordRuns(RUNS);
    const reportId = await newReport();
    await harness.settle();

    const killed = await runChild(reportId, 40, 400);
    const seenBeforeKill = lastProgress(killed);
    const resumed = await runChild(reportId, 0, null);

    expect(killed.outcome).toBe('killed');
    expect(resumed.outcome).toBe('done');
    const [state, processedAtRestart] = (resumed.lines[0] ?? '').split(' ').slice(1);
    expect(state).toBe('building');
    expect(Number(processedAtRestart)).toBeGreaterThanOrEqual(seenBeforeKill);
    expect(Number(processedAtRestart)).toBeLessThan(RUNS);
    expect(seenBeforeKill).toBeGreaterThan(0);

    const rebuilt = await versionOf(reportId, 'active');
    expect(rebuilt).toMatchObject({ processed: RUNS, total: RUNS });
    const rebuiltFigures = await figures(rebuilt);
    expect(rebuiltFigures).toHaveLength(promptIds.length * 30);
    expect(rebuiltFigures).toEqual(await freshFigures());
    // Two child processes each start tsx and the fixture: on a loaded 2-core machine that alone took over 20 s.
  }, 90_000);
});

describe('two rebuilders never run the same rebuild at once', () => {
  const RUNS = 600;

  test('started together on the same stores, one takes the lease and applies every batch; each run counts once', async () => {
    await recordRuns(RUNS);
    const reportId = await newReport();
    await harness.settle();
    const batchesBy: string[] = [];
    const first = rebuilder({ owner: 'first', onProgress: () => batchesBy.push('first') });
    const second = rebuilder({ owner: 'second', onProgress: () => batchesBy.push('second') });

    await Promise.all([first.drain(), second.drain()]);

    expect(batchesBy.length).toBeGreaterThanOrEqual(RUNS / 50);
    expect(new Set(batchesBy).size).toBe(1);
    const rebuilt = await versionOf(reportId, 'active');
    expect(rebuilt.processed).toBe(RUNS);
    expect(await figures(rebuilt)).toEqual(await freshFigures());
  });

  test('once another rebuilder takes over an expired lease, the first one writes no further batch; each run counts once', async () => {
    await recordRuns(RUNS);
    const reportId = await newReport();
    await harness.settle();
    const batchesBy: string[] = [];
    // The second rebuilder's clock runs a minute ahead, so the first one's lease has expired for it.
    const second = rebuilder({ owner: 'second', clock: clockAt(() => new Date(Date.now() + 60_000)), onProgress: () => batchesBy.push('second') });
    let secondDrain: Promise<void> | null = null;
    const first = rebuilder({
      owner: 'first',
      onProgress: () => {
        batchesBy.push('first');
        secondDrain ??= second.drain();
      },
    });

    await first.drain();
    await secondDrain;

    const firstOfSecond = batchesBy.indexOf('second');
    expect(firstOfSecond).toBeGreaterThan(0);
    expect(batchesBy.slice(firstOfSecond)).not.toContain('first');
    const rebuilt = await versionOf(reportId, 'active');
    expect(rebuilt).toMatchObject({ processed: RUNS });
    expect(await harness.context.documentStore.collection(REBUILD_LEASES_COLLECTION).countDocuments({})).toBe(0);
    expect(await figures(rebuilt)).toEqual(await freshFigures());
  });
});

describe('a rebuild never mixes versions in one answer', () => {
  test('a query that resolved the old version before the switch reads it whole during the grace period; it is deleted after', async () => {
    await recordRuns(200);
    const reportId = await newReport();
    await harness.settle();
    await harness.rebuilder.drain();
    const resolved = await versionOf(reportId, 'active');
    const before = await figures(resolved);

    // Two changes: the first one's version is superseded at once, and its deletion shows a cleanup pass ran.
    await updateBrandReport(harness.context, reportId, { competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }] });
    await updateBrandReport(harness.context, reportId, { brandVariations: [] });
    await harness.settle();
    let clockMs = Date.now();
    const collector = rebuilder({ owner: 'server', retireGraceMs: 60_000, pollMs: 10, clock: clockAt(() => new Date(clockMs)) });
    await collector.drain();
    const versions = await versionsCollection();
    const [superseded, switched] = [resolved.version + 1, resolved.version + 2];
    expect(await versions.find({ reportId, version: { $gt: resolved.version } }, { sort: { version: 1 } })).toMatchObject([
      { version: superseded, state: 'superseded' },
      { version: switched, state: 'active' },
    ]);
    expect(await figures(resolved)).toEqual(before);

    clockMs += 30_000;
    collector.start();
    await until(async () => (await versions.findOne({ reportId, version: superseded }))?.dataDeleted === true);
    expect(await figures(resolved)).toEqual(before);

    clockMs += 31_000;
    await until(async () => (await versions.findOne({ reportId, version: resolved.version }))?.dataDeleted === true);
    await collector.stop();
    expect(await figures(resolved)).toEqual([]);
    expect(await figures(await versionOf(reportId, 'active'))).not.toEqual([]);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(10);
  }
}
