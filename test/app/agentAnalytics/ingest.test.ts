import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pino } from 'pino';
import { replaceCrawlerRanges } from '../../../src/app/agentAnalytics/crawlerRanges.js';
import { ingestAgentLogs } from '../../../src/app/agentAnalytics/ingest.js';
import type { AgentLogSource } from '../../../src/app/agentAnalytics/logSource.js';
import { listAgents } from '../../../src/app/agentAnalytics/queries.js';
import { createBrandReport, updateBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { activeReport } from '../../../src/app/agentAnalytics/connector.js';
import { brandReportCollection } from '../../../src/projections/brandReports/reader.js';
import type { Services } from '../../../src/app/shared/services.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { compose, type Composition } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { agentLogIngestionStream } from '../../../src/domain/agentLogs/events.js';
import { ingestLog } from '../../../src/infra/logs/index.js';
import type { EventStore } from '../../../src/ports/eventStore.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
const line = (host: string, ip: string, page: string) =>
  `${host} ${ip} - - [10/Nov/2026:10:00:00 +0000] "GET ${page} HTTP/1.1" 200 1 "-" "${GPTBOT}"`;
/** Three pages of acme.com and one of acme.io, by GPTBot from the documentation range 192.0.2.0/24. */
const LOG = [line('acme.com', '192.0.2.9', '/a'), line('acme.com', '192.0.2.9', '/b'), line('acme.io', '192.0.2.9', '/c'), line('acme.com', '192.0.2.9', '/d')].join('\n');
const LOG_SHA256 = createHash('sha256').update(LOG).digest('hex');
const WINDOW = { startDate: '2026-11-10', endDate: '2026-11-10' };

let dataDir: string;
let composition: Composition;
let services: Services;
let reportId: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-ingest-'));
  composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
  services = composition.createServices('on-demand');
  const { context } = composition;
  const team = await createTeam(context, { name: 'Acme' });
  const workspace = await createWorkspace(context, { teamId: team.id, name: 'Main' });
  reportId = (await createBrandReport(context, { workspaceId: workspace.id, brand: 'Acme', brandDomain: 'acme.com' })).id;
});

afterEach(async () => {
  await composition.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The log as an upload would hand it over, counting how often it is read. */
function source(content: () => string): AgentLogSource & { readings: number } {
  const counted = {
    readings: 0,
    classify: (format: Parameters<AgentLogSource['classify']>[0], context: Parameters<AgentLogSource['classify']>[1]) => {
      counted.readings += 1;
      return ingestLog(Readable.from([Buffer.from(content())]), { format, ...context });
    },
  };
  return counted;
}

/** The event store of a process that dies right after recording the ingestion's first batch. */
function dyingAfterFirstBatch(eventStore: EventStore): EventStore {
  return {
    async append(stream, events, options) {
      const result = await eventStore.append(stream, events, options);
      if (events.some((event) => event.type === 'AgentVisitsRecorded')) throw new Error('the process died');
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
}

const ingest = async (log: AgentLogSource, through: Services = services) =>
  ingestAgentLogs(through, await activeReport(through, reportId), { format: 'vhost_combined', source: log, batchSize: 1 });

/** The report as the access step hands it to the query: its read model document. */
async function reportDocument() {
  const report = await (await brandReportCollection(services.readModels)).findOne({ _id: reportId });
  if (!report) throw new Error(`Report ${reportId} is not in the read model`);
  return report;
}

const gptbot = async () => (await listAgents(services, await reportDocument(), WINDOW, { limit: 25, offset: 0 })).items;

describe('ingestAgentLogs', () => {
  test('finishes an ingestion cut short under the settings it began with, though the report and the ranges changed since', async () => {
    const dying = { ...services, eventStore: dyingAfterFirstBatch(services.eventStore) };
    await expect(ingest(source(() => LOG), dying)).rejects.toThrow('the process died');

    await updateBrandReport(composition.context, reportId, { brandDomainVariations: ['acme.io'] });
    await replaceCrawlerRanges(composition.context, { GPTBot: ['192.0.2.0/24'] });
    const again = source(() => LOG);
    expect(await ingest(again)).toEqual({ lines: 4, visits: 3, skipped: 0, alreadyIngested: false });
    expect(again.readings).toBe(2);
    expect(await gptbot()).toEqual([{ agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 3, verifiedVisits: 0, spoofedVisits: 3 }]);
  });

  test('reads new content once, under the current settings', async () => {
    await updateBrandReport(composition.context, reportId, { brandDomainVariations: ['acme.io'] });
    await replaceCrawlerRanges(composition.context, { GPTBot: ['192.0.2.0/24'] });
    const log = source(() => LOG);
    expect(await ingest(log)).toEqual({ lines: 4, visits: 4, skipped: 0, alreadyIngested: false });
    expect(log.readings).toBe(1);
    expect(await gptbot()).toEqual([{ agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 4, verifiedVisits: 4, spoofedVisits: 0 }]);
  });

  test('two ingestions of the same content at once record each batch once', async () => {
    const answers = await Promise.all([ingest(source(() => LOG)), ingest(source(() => LOG))]);
    // Each answers the visits it recorded: all of them, or none when the other had recorded the whole content first.
    const outcomes = [{ visits: 3, alreadyIngested: false }, { visits: 0, alreadyIngested: true }];
    for (const { visits, alreadyIngested } of answers) expect(outcomes).toContainEqual({ visits, alreadyIngested });
    expect(answers.some(({ alreadyIngested }) => !alreadyIngested)).toBe(true);
    const recorded = await composition.context.eventStore.readStream(agentLogIngestionStream(reportId, LOG_SHA256));
    expect(recorded.map(({ type, data }) => (type === 'AgentVisitsRecorded' ? (data as { batch: number }).batch : type))).toEqual([
      'AgentLogIngestionStarted', 0, 1, 2, 'AgentLogsIngested',
    ]);
    expect((await gptbot())[0]).toMatchObject({ visits: 3 });
  });

  test('refuses to finish an ingestion whose content changed between two readings', async () => {
    const dying = { ...services, eventStore: dyingAfterFirstBatch(services.eventStore) };
    await expect(ingest(source(() => LOG), dying)).rejects.toThrow('the process died');
    await updateBrandReport(composition.context, reportId, { brandDomainVariations: ['acme.io'] });
    let readings = 0;
    const growing = source(() => (readings++ === 0 ? LOG : `${LOG}\n${line('acme.com', '192.0.2.9', '/e')}`));
    await expect(ingest(growing)).rejects.toThrow(/changed while it was being ingested/);
  });
});
