import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { AppContext } from '../../../src/app/context.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../../src/infra/eventStore/sqliteEventStore.js';
import { allProjections } from '../../../src/projections/index.js';
import { ReportRebuilder } from '../../../src/projections/reportHistory/rebuilder.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';

export interface HistoryHarness {
  dataDir: string;
  context: AppContext;
  runner: ProjectionRunner;
  rebuilder: ReportRebuilder;
  /** Waits until the live projections have applied everything appended so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Real embedded stores on a temp dir, every projection running, and a rebuilder that runs only when drained. */
export async function historyHarness(dataDir?: string): Promise<HistoryHarness> {
  const directory = dataDir ?? (await mkdtemp(join(tmpdir(), 'geolens-history-')));
  const logger = pino({ level: 'silent' });
  const context: AppContext = {
    eventStore: new SqliteEventStore(directory),
    documentStore: await SqliteDocumentStore.open(directory),
    logger,
    now: () => new Date(),
  };
  const runner = new ProjectionRunner(context.eventStore, context.documentStore, allProjections, { logger, retryDelayMs: 20 });
  await runner.start();
  const rebuilder = new ReportRebuilder(context.eventStore, context.documentStore, { owner: `test-${process.pid}`, logger, retireGraceMs: 0 });
  return {
    dataDir: directory,
    context,
    runner,
    rebuilder,
    settle: async () => runner.waitFor(await context.eventStore.headPosition()),
    async close() {
      await runner.stop();
      await context.eventStore.close();
      await context.documentStore.close();
      if (!dataDir) await rm(directory, { recursive: true, force: true });
    },
  };
}
