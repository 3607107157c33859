import { checkDecider, type CheckCommand } from '../../domain/audits/decide.js';
import { checkStream, type CheckKind } from '../../domain/audits/events.js';
import { ConflictError } from '../../domain/shared/errors.js';
import type { Collection } from '../../ports/documentStore.js';
import type { HttpFetcher, PageRenderer } from '../../ports/web.js';
import { auditCollection, type AuditCollectionName, type AuditDoc, type ContentCheckDoc, type CrawlabilityCheckDoc } from '../../projections/audits/reader.js';
import type { ReadModels } from '../../projections/index.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { runContentCheck } from './contentCheck.js';
import { runCrawlabilityCheck } from './crawlabilityCheck.js';
import { CRAWLABILITY_CRAWLERS, contentCheckCrawler } from './crawlers.js';
import type { JobKind, WaitingQuery } from '../../background/leasedJobRunner.js';

/** What the check jobs reach the web through: the SSRF-guarded fetcher and the browser that renders through it. */
export interface AuditPorts {
  fetcher: HttpFetcher;
  renderer: PageRenderer;
}

export interface JobStores {
  context: AppContext;
  readModels: ReadModels;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Waiting jobs of one audit collection: those in `statuses`, oldest first. */
export async function waitingAudits<Doc extends AuditDoc>(
  readModels: ReadModels,
  collection: AuditCollectionName,
  statuses: readonly string[],
  { limit, ids, excluding, excludingTeams }: WaitingQuery,
): Promise<Doc[]> {
  const audits: Collection<Doc> = await auditCollection<Doc>(readModels, collection);
  const id = { ...(ids ? { $in: [...ids] } : {}), ...(excluding.length > 0 ? { $nin: [...excluding] } : {}) };
  const teams = excludingTeams.length > 0 ? { teamId: { $nin: [...excludingTeams] } } : {};
  return audits.find({ status: { $in: [...statuses] }, ...teams, ...(Object.keys(id).length > 0 ? { _id: id } : {}) }, { sort: { createdDate: 1, _id: 1 }, limit });
}

/** Records a check's outcome; a worker that finished the same check first has recorded the only one. */
async function recordOutcome(context: AppContext, kind: CheckKind, command: CheckCommand): Promise<void> {
  await handleCommand(context.eventStore, checkStream(kind, command.data.checkId), checkDecider, command).catch((error: unknown) => {
    if (!(error instanceof ConflictError)) throw error;
  });
}

/** The check, unless its stream says it has its outcome already. */
async function stillPending(context: AppContext, kind: CheckKind, checkId: string): Promise<boolean> {
  return (await loadState(context.eventStore, checkStream(kind, checkId), checkDecider)).status === 'pending';
}

function checkJobs<Doc extends AuditDoc>(
  { context, readModels }: JobStores,
  kind: CheckKind,
  collection: AuditCollectionName,
  check: (document: Doc) => Promise<CheckCommand>,
): JobKind<Doc> {
  return {
    name: `${kind}Check`,
    waiting: (query) => waitingAudits<Doc>(readModels, collection, ['pending'], query),
    async run(document, _attempt, claim) {
      if (!(await stillPending(context, kind, document._id))) return;
      const outcome = await check(document);
      // A check that failed because the worker is stopping (its browser closed under it) stays pending for the next claim.
      if (outcome.type === 'FailCheck' && claim.signal.aborted) return;
      await recordOutcome(context, kind, outcome);
    },
    abandon: (document, reason) =>
      recordOutcome(context, kind, { type: 'FailCheck', data: { kind, checkId: document._id, now: nowIso(context), error: `The check was abandoned: ${reason}` } }),
  };
}

/**
 * Crawlability checks as worker jobs. A check that cannot reach the site, or whose fetches the SSRF guard
 * refuses, fails with the reason as its error.
 */
export function crawlabilityCheckJobs(stores: JobStores, { fetcher }: AuditPorts): JobKind<CrawlabilityCheckDoc> {
  return checkJobs<CrawlabilityCheckDoc>(stores, 'crawlability', 'crawlabilityChecks', async ({ _id: checkId, url }) => {
    try {
      const findings = await runCrawlabilityCheck(url, CRAWLABILITY_CRAWLERS, { fetcher });
      return { type: 'CompleteCrawlabilityCheck', data: { checkId, now: nowIso(stores.context), findings } };
    } catch (error) {
      return { type: 'FailCheck', data: { kind: 'crawlability', checkId, now: nowIso(stores.context), error: messageOf(error) } };
    }
  });
}

/** Content checks as worker jobs: fetched and rendered as the check's crawler identity. */
export function contentCheckJobs(stores: JobStores, ports: AuditPorts): JobKind<ContentCheckDoc> {
  return checkJobs<ContentCheckDoc>(stores, 'content', 'contentChecks', async ({ _id: checkId, url, crawlerIdentity, sendServiceHeader, teamId }) => {
    try {
      const findings = await runContentCheck(url, { crawler: contentCheckCrawler(crawlerIdentity), sendServiceHeader, checkId, teamId }, ports);
      return { type: 'CompleteContentCheck', data: { checkId, now: nowIso(stores.context), findings } };
    } catch (error) {
      return { type: 'FailCheck', data: { kind: 'content', checkId, now: nowIso(stores.context), error: messageOf(error) } };
    }
  });
}
