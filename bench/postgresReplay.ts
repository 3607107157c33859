/**
 * The replay of the analytics bench report (bench/replay.ts) on PostgreSQL beside the same replay on the
 * embedded stores, in the same run and at the same size: 50 prompts × 6 engines × 30 days (9,000 runs; the
 * full 1,095,000-run replay stays the embedded bench's). Skipped, with the reason, without a PostgreSQL server.
 */
import { ratio } from './support/load.js';
import { onBenchDatabase } from './support/postgres.js';
import { benchReplay, type ReplayBenchOptions } from './replay.js';

const SIZE: ReplayBenchOptions = { prompts: 50, days: 30, engines: 6 };

export const benchPostgresReplay = (): Promise<Record<string, number>> =>
  onBenchDatabase(async (url) => {
    const postgres = await benchReplay({ ...SIZE, databaseUrl: url });
    const embedded = await benchReplay(SIZE);
    return {
      postgresReplayRuns: postgres.replayRuns ?? 0,
      postgresReplaySeconds: postgres.replaySeconds ?? 0,
      postgresReplayRunsPerSecond: postgres.replayRunsPerSecond ?? 0,
      postgresReplayReadEventsSeconds: postgres.replayReadEventsSeconds ?? 0,
      postgresReplayAnalysisSeconds: postgres.replayAnalysisSeconds ?? 0,
      postgresReplayWriteReadModelsSeconds: postgres.replayWriteReadModelsSeconds ?? 0,
      postgresReplayLiveCatchUpSeconds: postgres.replayLiveCatchUpSeconds ?? 0,
      postgresReplayEmbeddedSeconds: embedded.replaySeconds ?? 0,
      postgresReplayEmbeddedRunsPerSecond: embedded.replayRunsPerSecond ?? 0,
      postgresReplayEmbeddedLiveCatchUpSeconds: embedded.replayLiveCatchUpSeconds ?? 0,
      postgresReplayRatioToEmbedded: ratio(postgres.replayRunsPerSecond ?? 0, embedded.replayRunsPerSecond ?? 0),
    };
  });
