import type { CrawlabilityCheckCompleted } from '../../domain/audits/events.js';
import type { AgentLogsIngested } from '../../domain/agentLogs/events.js';
import type { RunEvent } from '../../domain/run/events.js';
import { runDay } from '../../domain/run/events.js';
import { auditCollection, type CrawlabilityCheckDoc } from '../../projections/audits/reader.js';
import { brandReportCollection, type BrandReportDoc } from '../../projections/brandReports/reader.js';
import { historyReader, type ReportDayDoc } from '../../projections/reportHistory/reader.js';
import type { Process, ProcessEvent } from '../processes/processRunner.js';
import type { Services } from '../shared/services.js';
import type { AlertCandidate } from './candidates.js';
import { coverageAlerts, isCoverageWatch } from './coverage.js';
import { newNameAlerts } from './names.js';
import { raiseAlert } from './raise.js';
import { sentimentAlerts } from './sentiment.js';
import type { Watch } from './resource.js';
import { agentVisitAlerts, crawlerAlerts, reportDomains } from './signals.js';
import { reportWatches } from './watches.js';

type TriggerEvent = RunEvent | CrawlabilityCheckCompleted | AgentLogsIngested;

const LAST_DAY = '9999-12-31';

/** What a batch of events asks to evaluate: the newest run day per prompt, the checks completed, the reports whose logs grew. */
interface Triggers {
  runDays: Map<string, string>;
  checkIds: Set<string>;
  ingestedReports: Set<string>;
}

function triggersOf(events: readonly ProcessEvent<TriggerEvent>[]): Triggers {
  const triggers: Triggers = { runDays: new Map(), checkIds: new Set(), ingestedReports: new Set() };
  for (const event of events) {
    if (event.type === 'CrawlabilityCheckCompleted') triggers.checkIds.add(event.data.checkId);
    else if (event.type === 'AgentLogsIngested') triggers.ingestedReports.add(event.data.reportId);
    else {
      const day = runDay(event.data.runDate);
      const known = triggers.runDays.get(event.data.promptId);
      if (known === undefined || day > known) triggers.runDays.set(event.data.promptId, day);
    }
  }
  return triggers;
}

/** The reports holding the prompts that ran, each with the newest day its prompts ran on in the batch. */
async function reportsWithRuns(services: Services, runDays: ReadonlyMap<string, string>): Promise<Array<{ report: BrandReportDoc; latestDay: string }>> {
  if (runDays.size === 0) return [];
  const reports = await (await brandReportCollection(services.readModels)).find({ 'prompts.promptId': { $in: [...runDays.keys()] } });
  return reports.map((report) => ({
    report,
    latestDay: report.prompts.map(({ promptId }) => runDays.get(promptId) ?? '').reduce((newest, day) => (day > newest ? day : newest), ''),
  }));
}

/** The newest day with runs of the watch's engines (every engine when null), or null when none has runs. */
function newestDay(days: readonly ReportDayDoc[], engines: readonly string[] | null): string | null {
  const counted = engines === null ? days : days.filter((day) => day.engines.some(({ engine }) => engines.includes(engine)));
  return counted.reduce<string | null>((newest, { day }) => (newest === null || day > newest ? day : newest), null);
}

/**
 * Each watch's window ends on the report's newest day with the runs it counts, read from
 * the batch's newest day on: an import may have recorded newer runs after this batch's.
 */
async function afterRuns(services: Services, report: BrandReportDoc, watches: readonly Watch[], batchDay: string): Promise<AlertCandidate[]> {
  if (!watches.some((watch) => isCoverageWatch(watch) || watch.kind === 'new_untracked_brand' || watch.kind === 'negative_sentiment')) return [];
  const reader = historyReader(services.readModels);
  const active = await reader.activeVersion(report._id);
  if (!active) return [];
  const { days } = await reader.everyCountry(active, batchDay, LAST_DAY);
  const latestDayOf = (watch: Watch) => newestDay(days, watch.engines);
  return [
    ...(await coverageAlerts(services, report, active, watches, latestDayOf)),
    ...(await newNameAlerts(services, report, watches, latestDayOf)),
    ...(await sentimentAlerts(services, report, active, watches, latestDayOf)),
  ];
}

/** The reports of the check's workspace that own the checked domain. */
async function afterCheck(services: Services, checkId: string): Promise<AlertCandidate[]> {
  const check = await (await auditCollection<CrawlabilityCheckDoc>(services.readModels, 'crawlabilityChecks')).findOne({ _id: checkId });
  if (!check) return [];
  const reports = await (await brandReportCollection(services.readModels)).find({ workspaceId: check.workspaceId });
  const found: AlertCandidate[] = [];
  for (const report of reports.filter((candidate) => reportDomains(candidate).has(check.domain))) {
    found.push(...(await crawlerAlerts(services, report, await reportWatches(services, report._id), check.domain)));
  }
  return found;
}

async function afterIngestion(services: Services, reportId: string): Promise<AlertCandidate[]> {
  const report = await (await brandReportCollection(services.readModels)).findOne({ _id: reportId });
  return report ? agentVisitAlerts(services, report, await reportWatches(services, reportId)) : [];
}

async function evaluate(services: Services, triggers: Triggers): Promise<AlertCandidate[]> {
  const found: AlertCandidate[] = [];
  for (const { report, latestDay } of await reportsWithRuns(services, triggers.runDays)) {
    found.push(...(await afterRuns(services, report, await reportWatches(services, report._id), latestDay)));
  }
  for (const checkId of triggers.checkIds) found.push(...(await afterCheck(services, checkId)));
  for (const reportId of triggers.ingestedReports) found.push(...(await afterIngestion(services, reportId)));
  return found;
}

/**
 * The alerts a batch of events gives, found from the read models as they stand and raised by nobody: what the
 * process evaluates for a batch before it raises (the alerts bench times it).
 */
export function alertCandidates(events: readonly ProcessEvent<TriggerEvent>[], services: Services): Promise<AlertCandidate[]> {
  return evaluate(services, triggersOf(events));
}

/**
 * Waits for the read models to reach the whole log as it stands, not only this batch: the batches of one large
 * import then each evaluate the import's newest day, which raises its alert once, never one per batch's day.
 */
async function evaluateBatch(events: readonly ProcessEvent<TriggerEvent>[], services: Services): Promise<void> {
  if (events.length === 0) return;
  await services.readYourWrites(await services.eventStore.headPosition());
  for (const candidate of await alertCandidates(events, services)) await raiseAlert(services, candidate);
}

/**
 * Evaluates a report's watches after runs are recorded (an import, a day's runs), after
 * each crawlability check and after each log ingestion, from its own checkpoint. A batch of runs evaluates each
 * report once, on the newest day its runs fell on.
 */
export const alertsProcess: Process<TriggerEvent> = {
  name: 'alerts',
  eventTypes: ['RunCompleted', 'RunFailed', 'CrawlabilityCheckCompleted', 'AgentLogsIngested'],
  handle: (event, services) => evaluateBatch([event], services),
  handleBatch: evaluateBatch,
};
