import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { AppContext } from '../../../src/app/shared/context.js';
import type { Clock } from '../../../src/background/clock.js';
import { compose, type Composition } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import type { ReportRebuilder } from '../../../src/projections/reportHistory/rebuilder.js';
import type { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';

export interface HistoryHarness {
  dataDir: string;
  composition: Composition;
  context: AppContext;
  runner: ProjectionRunner;
  rebuilder: ReportRebuilder;
  /** Waits until the live projections have applied everything appended so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Real embedded stores on a temp dir (or the PostgreSQL database `databaseUrl`), every projection running, and a
 * rebuilder that runs only when drained; everything tells time by `clock` when given.
 */
export async function historyHarness(dataDir?: string, databaseUrl?: string, clock?: Clock): Promise<HistoryHarness> {
  const directory = dataDir ?? (await mkdtemp(join(tmpdir(), 'geolens-history-')));
  const logger = pino({ level: 'silent' });
  const composition = await compose(loadConfig({ DATA_DIR: directory, ...(databaseUrl && { DATABASE_URL: databaseUrl }) }), logger, clock ? { clock } : {});
  const { context } = composition;
  const runner = composition.createProjectionRunner({ retryDelayMs: 20 });
  await runner.start();
  const rebuilder = composition.createRebuilder(`test-${process.pid}`, { retireGraceMs: 0 });
  return {
    dataDir: directory,
    composition,
    context,
    runner,
    rebuilder,
    settle: async () => runner.waitFor(await context.eventStore.headPosition()),
    async close() {
      await runner.stop();
      await composition.close();
      if (!dataDir) await rm(directory, { recursive: true, force: true });
    },
  };
}
