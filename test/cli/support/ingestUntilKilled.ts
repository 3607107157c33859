/**
 * A `logs ingest` that stops for good once a given batch is durable, so that a test can kill it with SIGKILL
 * halfway through an ingestion: `node --import tsx ingestUntilKilled.ts <dataDir> <reportId> <file> <batch>`.
 * It runs the real ingestion on the real stores, in batches of two rows; only its event store is watched.
 */
import { pino } from 'pino';
import { ingestAgentLogs } from '../../../src/app/agentAnalytics/ingest.js';
import { activeReport } from '../../../src/app/agentAnalytics/connector.js';
import { compose } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { ingestLog } from '../../../src/infra/logs/index.js';
import type { EventStore, NewEvent } from '../../../src/ports/eventStore.js';

const [dataDir = '', reportId = '', file = '', stopAfterBatch = ''] = process.argv.slice(2);
const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
const { eventStore } = composition.context;

const isStopBatch = (event: NewEvent): boolean =>
  event.type === 'AgentVisitsRecorded' && (event.data as { batch: number }).batch === Number(stopAfterBatch);

/** Waits here forever, the batch recorded, until the test kills the process. */
async function stopForGood(): Promise<never> {
  process.stdout.write('stopped\n');
  setInterval(() => undefined, 60_000);
  return new Promise<never>(() => undefined);
}

const watched: EventStore = {
  async append(stream, events, options) {
    const result = await eventStore.append(stream, events, options);
    if (events.some(isStopBatch)) await stopForGood();
    return result;
  },
  appendMultiple: (appends) => eventStore.appendMultiple(appends),
  multiStreamAppend: eventStore.multiStreamAppend,
  readStream: (stream, options) => eventStore.readStream(stream, options),
  readStreams: (streams) => eventStore.readStreams(streams),
  readAll: (options) => eventStore.readAll(options),
  headPosition: () => eventStore.headPosition(),
  subscribe: (options, handler) => eventStore.subscribe(options, handler),
  close: () => eventStore.close(),
};

const services = composition.createServices('on-demand');
await ingestAgentLogs({ ...services, eventStore: watched }, await activeReport(services, reportId), {
  format: 'combined',
  source: { classify: (format, context) => ingestLog(file, { format, ...context }) },
  batchSize: 2,
});
process.stdout.write('finished without stopping\n');
await composition.close();
