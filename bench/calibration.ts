/**
 * Calibration of the sampling statistics (issue 41): do the intervals contain the truth, and do verdicts stay
 * quiet when nothing changed? A 50-prompt report ("Nimbus CRM" on ChatGPT, US) is answered by the simulator with
 * its slow trends off, so every day has the same truth, for `days` days and 7 replicates a day; each run's mention
 * is read by the product's own analysis (`analyzeRun`). The truth is the brand's coverage over the whole pool (all
 * days and replicates: its own sampling error, about ±0.2 points, is small beside the windows' intervals).
 *
 * The pool is cut into disjoint 7-day windows. At `runsPerDay` n a window keeps replicates 0..n-1 of each cell.
 * For each n:
 * - coverage: the share of windows whose 95 % interval contains the truth, for the cell-clustered interval the API
 *   answers (`clusteredInterval`) and for the plain run-level Wilson interval (every run independent);
 * - false alarms: the share of `up`/`down` verdicts between each window and the next (same truth), for the
 *   verdict the API answers (`compareRates`, cell-clustered when cells have replicates) and for the pooled
 *   two-proportion test on runs;
 * - runs needed for a ±3-point figure (`runsNeeded` with the window's design effect), the mean over windows.
 * Each share is printed with its count and its own 95 % Wilson interval: 100 windows measure a share to a few
 * points, no better.
 *
 * The floor: one pass of the same pool's mention bits through plain sums (the least any estimate reads).
 * Replicates of a cell agree more than independent draws would because the simulator repeats part of replicate
 * 0's choices (`SAME_DAY_STICKINESS`): an assumption standing in for the shared sources of a real engine's day.
 *
 * `GEOLENS_BENCH_SCALE` scales the windows (default 1: 100 windows, 700 days, 245,000 answers).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { DetectionSettings } from '../src/domain/brandReport/events.js';
import { analyzeRun, compileDetection } from '../src/domain/analysis/index.js';
import { clusteredInterval, compareRates, ratioSumsOf, runsNeeded, type RatioCell, type RatioSums } from '../src/domain/analysis/sampling/index.js';
import { wilsonInterval, type Interval } from '../src/domain/analysis/wilson.js';
import { simulateAnswerWith } from '../src/engines/simulator/index.js';

const WINDOW_DAYS = 7;
const MAX_REPLICATES = 7;
const RUNS_PER_DAY = [1, 3, 7] as const;
const FIRST_DAY = Date.UTC(2031, 0, 1);

const DETECTION: DetectionSettings = {
  brand: 'Nimbus CRM',
  brandVariations: ['Nimbus'],
  brandDomain: 'nimbuscrm.com',
  brandDomainVariations: [],
  brandDomainWildcard: false,
  brandRegex: null,
  competitors: [],
};

const QUESTIONS = [
  'What is the best CRM for',
  'Which CRM is easiest to set up for',
  'Affordable CRM software for',
  'Top CRM tools for',
  'Which CRM integrates best with Gmail for',
  'Best CRM with email automation for',
  'What CRM do experts recommend for',
  'Most reliable CRM platform for',
  'CRM with the best mobile app for',
  'Which CRM has the best reporting for',
];
const AUDIENCES = ['small businesses', 'real estate agents', 'agencies', 'startups', 'nonprofits'];
export const CALIBRATION_PROMPTS = QUESTIONS.flatMap((question) => AUDIENCES.map((audience) => `${question} ${audience}?`));

/** mentioned[day][prompt][replicate]: whether that run names the brand. */
type Pool = boolean[][][];

function simulatePool(days: number): Pool {
  const detection = compileDetection(DETECTION);
  const pool: Pool = [];
  for (let day = 0; day < days; day++) {
    const date = new Date(FIRST_DAY + day * 86_400_000).toISOString().slice(0, 10);
    pool.push(
      CALIBRATION_PROMPTS.map((prompt, index) =>
        Array.from({ length: MAX_REPLICATES }, (_, replicate) => {
          const answer = simulateAnswerWith({ engine: 'chatgpt', prompt, country: 'us', date, promptId: `pr_${index}`, replicate }, { trends: false });
          return (analyzeRun(answer.content, detection).brands[0]?.mentions ?? 0) > 0;
        }),
      ),
    );
  }
  return pool;
}

/** The cells of one window at `runsPerDay`: x the runs, y those naming the brand. */
function windowCells(pool: Pool, firstDay: number, runsPerDay: number): RatioCell[] {
  const cells: RatioCell[] = [];
  for (let day = firstDay; day < firstDay + WINDOW_DAYS; day++) {
    for (const replicates of pool[day] ?? []) {
      const kept = replicates.slice(0, runsPerDay);
      cells.push({ x: kept.length, y: kept.filter(Boolean).length, runs: kept.length });
    }
  }
  return cells;
}

const contains = ({ low, high }: Interval, value: number): boolean => low <= value && value <= high;
const alarm = (verdict: string): boolean => verdict === 'up' || verdict === 'down';
/** The same sums with no cell of more than one run: `compareRates` then runs the pooled two-proportion test. */
const asIndependentRuns = (sums: RatioSums): RatioSums => ({ ...sums, maxRuns: 1 });

interface Share {
  count: number;
  of: number;
  interval: Interval;
}
const shareOf = (count: number, of: number): Share => ({ count, of, interval: wilsonInterval(count, of) });
const percent = (value: number): string => (100 * value).toFixed(1);
const describe = ({ count, of, interval }: Share): string =>
  `${percent(count / of)} % (${count}/${of}; ${percent(interval.low)}–${percent(interval.high)})`;

interface Calibration {
  clusteredCoverage: Share;
  wilsonCoverage: Share;
  verdictFalseAlarms: Share;
  pooledFalseAlarms: Share;
  runsNeededFor3Points: number;
  meanEffectiveRuns: number;
  meanRuns: number;
}

function calibrate(pool: Pool, windows: number, runsPerDay: number, truth: number): Calibration {
  const sums = Array.from({ length: windows }, (_, index) => ratioSumsOf(windowCells(pool, index * WINDOW_DAYS, runsPerDay)));
  let clustered = 0;
  let wilson = 0;
  let needed = 0;
  let effective = 0;
  let runs = 0;
  for (const window of sums) {
    const estimate = clusteredInterval(window);
    if (contains(estimate.interval, truth)) clustered++;
    if (contains(wilsonInterval(window.y, window.x), truth)) wilson++;
    needed += runsNeeded(estimate.rate, window.x, estimate.effectiveRuns, 0.03);
    effective += estimate.effectiveRuns;
    runs += window.x;
  }
  let verdictAlarms = 0;
  let pooledAlarms = 0;
  for (let index = 1; index < windows; index++) {
    const [previous, current] = [sums[index - 1]!, sums[index]!];
    if (alarm(compareRates(previous, current, 100).verdict)) verdictAlarms++;
    if (alarm(compareRates(asIndependentRuns(previous), asIndependentRuns(current), 100).verdict)) pooledAlarms++;
  }
  return {
    clusteredCoverage: shareOf(clustered, windows),
    wilsonCoverage: shareOf(wilson, windows),
    verdictFalseAlarms: shareOf(verdictAlarms, windows - 1),
    pooledFalseAlarms: shareOf(pooledAlarms, windows - 1),
    runsNeededFor3Points: Math.round(needed / windows),
    meanEffectiveRuns: effective / windows,
    meanRuns: runs / windows,
  };
}

/** The least any estimate does: one pass adding the pool's mention bits. */
function floorPass(pool: Pool): { truth: number; milliseconds: number } {
  const started = performance.now();
  let mentioned = 0;
  let total = 0;
  for (const day of pool) {
    for (const replicates of day) {
      for (const bit of replicates) {
        total++;
        if (bit) mentioned++;
      }
    }
  }
  return { truth: mentioned / total, milliseconds: performance.now() - started };
}

export async function benchCalibration(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  const windows = Math.max(10, Math.round(100 * scale));
  const started = performance.now();
  const pool = simulatePool(windows * WINDOW_DAYS);
  const simulatedMs = performance.now() - started;
  const floor = floorPass(pool);
  const calibrationStarted = performance.now();
  const results = RUNS_PER_DAY.map((runsPerDay) => ({ runsPerDay, ...calibrate(pool, windows, runsPerDay, floor.truth) }));
  const calibrationMs = performance.now() - calibrationStarted;

  process.stdout.write(
    `\nCalibration: ${CALIBRATION_PROMPTS.length} prompts × ${windows} windows of ${WINDOW_DAYS} days, truth ${percent(floor.truth)} % ` +
      `(${pool.length * CALIBRATION_PROMPTS.length * MAX_REPLICATES} simulated answers in ${(simulatedMs / 1000).toFixed(1)} s)\n\n` +
      '| runsPerDay | runs (effective) per window | interval covers the truth: cell-clustered | run-level Wilson | false alarms: verdict | pooled test | runs for ±3 points |\n' +
      '|---|---|---|---|---|---|---|\n',
  );
  for (const row of results) {
    process.stdout.write(
      `| ${row.runsPerDay} | ${Math.round(row.meanRuns)} (${row.meanEffectiveRuns.toFixed(0)}) | ${describe(row.clusteredCoverage)} | ${describe(row.wilsonCoverage)} | ` +
        `${describe(row.verdictFalseAlarms)} | ${describe(row.pooledFalseAlarms)} | ${row.runsNeededFor3Points} |\n`,
    );
  }
  const figures: Record<string, number> = {
    calibrationWindows: windows,
    calibrationTruthPercent: 100 * floor.truth,
    calibrationMs,
    calibrationFloorMs: floor.milliseconds,
    calibrationRatioToFloor: floor.milliseconds / calibrationMs,
  };
  for (const row of results) {
    figures[`calibrationCoverageRpd${row.runsPerDay}`] = (100 * row.clusteredCoverage.count) / row.clusteredCoverage.of;
    figures[`calibrationWilsonCoverageRpd${row.runsPerDay}`] = (100 * row.wilsonCoverage.count) / row.wilsonCoverage.of;
    figures[`calibrationFalseAlarmsRpd${row.runsPerDay}`] = (100 * row.verdictFalseAlarms.count) / row.verdictFalseAlarms.of;
    figures[`calibrationPooledFalseAlarmsRpd${row.runsPerDay}`] = (100 * row.pooledFalseAlarms.count) / row.pooledFalseAlarms.of;
    figures[`calibrationRunsFor3PointsRpd${row.runsPerDay}`] = row.runsNeededFor3Points;
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchCalibration());
}
