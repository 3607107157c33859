import { reportHosts } from '../../domain/agentLogs/reportHosts.js';
import { ingestionDecider, settingsToResume } from '../../domain/agentLogs/decide.js';
import {
  agentLogIngestionStream,
  type AgentLogIngestionEvent,
  type IngestionCounts,
  type IngestionSettings,
  type IngestionState,
} from '../../domain/agentLogs/events.js';
import { classificationContext } from '../../domain/agentLogs/ingestion.js';
import type { LogFormat } from '../../domain/agentLogs/records.js';
import { normalizeDomain } from '../../domain/brandReport/normalizeDomain.js';
import type { ActiveBrandReport } from '../../domain/brandReport/events.js';
import { foldEvents } from '../../domain/shared/decider.js';
import { ConcurrencyError } from '../../domain/shared/errors.js';
import type { Position, StreamRevision } from '../../ports/eventStore.js';
import { nowIso, type AppContext } from '../shared/context.js';
import type { Services } from '../shared/services.js';
import { changeConnector } from './connector.js';
import { compiledRangesAt, currentRangesRevision } from './crawlerRanges.js';
import type { AgentLogSource, ClassifiedContent } from './logSource.js';

/** Rows per `AgentVisitsRecorded` event: a few hundred kilobytes, well inside any event store's append limit. */
export const INGESTION_BATCH_ROWS = 2_000;
/** Writers of the same content meeting on its stream retry from what the other recorded. */
const MAX_ATTEMPTS = 10;

export interface IngestionRequest {
  format: LogFormat;
  /** Stands for the host of `combined` lines; default the report's `brandDomain`. */
  host?: string | undefined;
  source: AgentLogSource;
  batchSize?: number;
}

/**
 * `{lines, visits, skipped}`; `alreadyIngested` when the same content had been ingested before and nothing was
 * counted, `visits` then 0 (visits recorded by this call).
 */
export interface IngestionAnswer extends IngestionCounts {
  alreadyIngested: boolean;
}

/** Reads the source under given settings, once per distinct settings (an ingestion may need two readings). */
function settingsReader(context: AppContext, source: AgentLogSource) {
  const readings = new Map<string, Promise<ClassifiedContent>>();
  return (settings: IngestionSettings): Promise<ClassifiedContent> => {
    const key = JSON.stringify(settings);
    let reading = readings.get(key);
    if (reading === undefined) {
      reading = compiledRangesAt(context.eventStore, settings.rangesRevision).then((ranges) =>
        source.classify(settings.format, classificationContext(settings, ranges)),
      );
      readings.set(key, reading);
    }
    return reading;
  };
}

export interface Recorded {
  answer: IngestionAnswer;
  position: Position | null;
}

/**
 * Appends what the ingestion's stream still lacks, one event at a time, each at the revision it must have:
 * batch k lands at revision k + 1 or not at all, so a rerun after a crash, or a concurrent ingestion of the
 * same content, continues where the stream stands instead of counting a batch twice.
 */
async function record(
  context: AppContext,
  command: { reportId: string; sha256: string; settings: IngestionSettings },
  read: (settings: IngestionSettings) => Promise<ClassifiedContent>,
): Promise<Recorded> {
  const stream = agentLogIngestionStream(command.reportId, command.sha256);
  let position: Position | null = null;
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await context.eventStore.readStream(stream);
    const state: IngestionState = foldEvents(ingestionDecider, recorded.map(({ type, data }) => ({ type, data }) as AgentLogIngestionEvent));
    if (state.status === 'complete') {
      // Content ingested before this call recorded anything: `visits` counts what this call recorded, none.
      const answer = position === null ? { ...state.counts, visits: 0, alreadyIngested: true } : { ...state.counts, alreadyIngested: false };
      return { answer, position };
    }
    const settings = settingsToResume(state, command.settings);
    const classified = await read(settings);
    if (classified.sha256 !== command.sha256) throw new Error('The log changed while it was being ingested; ingest it again once it is complete');
    const events = ingestionDecider.decide(
      { type: 'RecordLogIngestion', data: { reportId: command.reportId, contentSha256: command.sha256, settings, classified, now: nowIso(context) } },
      state,
    );
    let revision: StreamRevision | 'no_stream' = recorded.at(-1)?.revision ?? 'no_stream';
    try {
      for (const event of events) {
        const appended = await context.eventStore.append(stream, [event], { expectedRevision: revision });
        revision = appended.nextExpectedRevision;
        position = appended.position;
      }
      const { lines, visits, skipped } = classified;
      return { answer: { lines, visits, skipped, alreadyIngested: false }, position };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * Ingests a log for a report: reads it (parsing, classifying, folding visits into rows
 * per day, agent and page), activates the report's logs connector, and records the rows under the content's
 * SHA-256, so that the same content ingested again counts nothing and one cut short is finished, never
 * doubled. Answers once the read models show the visits.
 */
export async function ingestAgentLogs(services: Services, report: ActiveBrandReport, request: IngestionRequest): Promise<IngestionAnswer> {
  const { answer, position } = await recordAgentLogs(services, report, request);
  await services.readYourWrites(position);
  return answer;
}

/** The ingestion without waiting for the read models: what seeding the demo needs. */
export async function recordAgentLogs(context: AppContext, report: ActiveBrandReport, request: IngestionRequest): Promise<Recorded> {
  const hosts = reportHosts(report);
  const settings: IngestionSettings = {
    format: request.format,
    defaultHost: normalizeDomain(request.host ?? report.brandDomain),
    domains: [...hosts.domains],
    wildcardRoot: hosts.wildcardRoot,
    rangesRevision: await currentRangesRevision(context.eventStore),
    batchSize: request.batchSize ?? INGESTION_BATCH_ROWS,
    referrals: true,
  };
  const read = settingsReader(context, request.source);
  const { sha256 } = await read(settings);
  const connected = await changeConnector(context, report.reportId, 'ConnectAgentLogs');
  const { answer, position } = await record(context, { reportId: report.reportId, sha256, settings }, read);
  return { answer, position: position ?? connected };
}
