import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { requestReplay } from '../app/brandReports/edit/commands.js';
import { versionStatus, type RecalculationStatus } from '../app/brandReports/edit/recalculation.js';
import { brandReportStream } from '../domain/brandReport/events.js';
import { topCommand } from './commandIndex.js';
import { processOwner } from '../background/processOwner.js';
import type { Composition } from '../compose.js';
import type { ReadModels } from '../projections/runner/readModels.js';
import type { Collection } from '../ports/documentStore.js';
import type { Position } from '../ports/eventStore.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../projections/reportHistory/projection.js';
import type { ReportVersionDoc } from '../projections/reportHistory/versions.js';
import type { ActionRunner } from './bindOperation.js';

/** How often `--wait` looks at the version, and offers to take over a rebuild whose lease expired. */
const POLL_MS = 250;
/** The live projections may first have to catch up with runs recorded while no process ran them. */
const PROJECTION_WAIT_MS = 600_000;

export function registerReplayCommand(program: Command, run: ActionRunner): void {
  topCommand(program, 'replay')
    .requiredOption('--report <reportId>', 'brand report')
    .option('--wait', 'rebuild in this process (or follow the server rebuilding it) until the new version serves queries')
    .option('--json', 'print one JSON object')
    .action(
      run({ reportId: '--report' }, async (composition, options) => {
        const reportId = typeof options.report === 'string' ? options.report : '';
        return { ...(await replay(composition, reportId, options.wait === true)) };
      }),
    );
}

async function replay(composition: Composition, reportId: string, wait: boolean): Promise<RecalculationStatus> {
  const { context } = composition;
  const { position } = await requestReplay(context, reportId);
  const runner = composition.createProjectionRunner();
  await runner.start();
  try {
    await runner.waitFor(position, PROJECTION_WAIT_MS);
    const opened = await openedVersion(composition, reportId, position);
    if (!wait) return versionStatus(opened);
    const progress = process.stderr.isTTY ? new ProgressBar() : null;
    try {
      return versionStatus(await followRebuild(composition, opened, { onVersion: (version) => progress?.show(version) }));
    } finally {
      progress?.stop();
    }
  } finally {
    await runner.stop();
  }
}

const versionsCollection = (readModels: ReadModels): Promise<Collection<ReportVersionDoc>> =>
  readModels.collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);

/**
 * The version our request opened: the projection starts it at the request's recorded time. A later change
 * may already have superseded it, and then that is what the status says.
 */
async function openedVersion({ context, readModels }: Composition, reportId: string, position: Position): Promise<ReportVersionDoc> {
  const request = (await context.eventStore.readStream(brandReportStream(reportId))).find((event) => event.position === position);
  if (!request) throw new Error(`Replay request of report ${reportId} not found at position ${position}`);
  const versions = await versionsCollection(readModels);
  const [opened] = await versions.find({ reportId, reason: 'replay', startedDate: request.created.toISOString() }, { sort: { version: -1 }, limit: 1 });
  if (!opened) throw new Error(`The replay of report ${reportId} opened no history version`);
  return opened;
}

export interface FollowOptions {
  pollMs?: number;
  /** Called with the version document at every look, the last time once it has left `building`. */
  onVersion?: (version: ReportVersionDoc) => void;
}

/**
 * Rebuilds in this process until the version leaves `building`. While another process (a running `serve`)
 * holds the lease, this one only follows its progress; if that process dies, its lease expires and this one
 * takes over from the last checkpoint. The live projections must run meanwhile (the rebuild chases them).
 */
export async function followRebuild(composition: Composition, opened: ReportVersionDoc, options: FollowOptions = {}): Promise<ReportVersionDoc> {
  const versions = await versionsCollection(composition.readModels);
  const rebuilder = composition.createRebuilder(processOwner('cli'));
  let draining: Promise<void> | null = null;
  let failure: unknown = null;
  try {
    for (;;) {
      const current = (await versions.findOne({ _id: opened._id })) ?? opened;
      options.onVersion?.(current);
      if (current.state !== 'building') return current;
      if (failure) throw failure;
      draining ??= rebuilder
        .drain()
        .catch((error: unknown) => {
          failure = error;
        })
        .finally(() => {
          draining = null;
        });
      await delay(options.pollMs ?? POLL_MS);
    }
  } finally {
    await rebuilder.stop();
    await draining;
  }
}

/** Runs replayed of the total, with the rate since the bar appeared and the time left at that rate. */
class ProgressBar {
  private readonly bar = new SingleBar({
    format: 'replay {bar} {percentage}% | {value}/{total} runs | {rate} runs/s | {eta_formatted} left',
    hideCursor: true,
  });
  private first: { processed: number; at: number } | null = null;

  /** Appears once a rebuilder has counted the runs to replay. */
  show({ processed, total }: ReportVersionDoc): void {
    if (total === null) return;
    const known = Math.max(total, processed);
    if (!this.first) {
      this.first = { processed, at: performance.now() };
      this.bar.start(known, processed, { rate: 0 });
      return;
    }
    const seconds = (performance.now() - this.first.at) / 1_000;
    this.bar.setTotal(known);
    this.bar.update(processed, { rate: seconds > 0 ? Math.round((processed - this.first.processed) / seconds) : 0 });
  }

  stop(): void {
    if (this.first) this.bar.stop();
  }
}
