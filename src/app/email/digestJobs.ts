import type { Clock } from '../../background/clock.js';
import type { JobKind, WaitingQuery } from '../../background/leasedJobRunner.js';
import { DIGEST_INTERVAL_MS, digestDue, emailSubscriptionDecider } from '../../domain/email/decide.js';
import { digestSummary, digestWeeks, type DigestSummary } from '../../domain/email/digestSummary.js';
import { emailSubscriptionStream } from '../../domain/email/events.js';
import { compileDetection, emptyRunTotals } from '../../domain/analysis/index.js';
import { addDays } from '../../domain/shared/days.js';
import type { Mailer } from '../../ports/mailer.js';
import type { ReadModels } from '../../projections/index.js';
import { brandReportCollection, type BrandReportDoc } from '../../projections/brandReports/reader.js';
import { teamsOfWorkspaces, workspacesOfTeams } from '../../projections/directory/reader.js';
import { historyReader } from '../../projections/reportHistory/reader.js';
import { windowTotals } from '../alerts/coverage.js';
import { digestAlertCollection, emailSubscriptionCollection, type EmailSubscriptionDoc } from '../../projections/emailSubscriptions/reader.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import type { AppContext } from '../shared/context.js';
import { unsubscribeUrl } from './alertProcess.js';
import { digestEmail } from './messages.js';
import { emailSigningKey } from './tokens.js';

export const WEEKLY_DIGEST_JOB = 'weeklyDigest';

export interface DigestPorts {
  context: AppContext;
  readModels: ReadModels;
  mailer: Mailer;
  clock: Clock;
  baseUrl: string;
}

/** A subscription whose digest is due, with the team of its workspace. */
type DueSubscription = EmailSubscriptionDoc & { teamId: string };

async function dueSubscriptions({ readModels, clock }: DigestPorts, { limit, ids, excluding, excludingTeams }: WaitingQuery): Promise<DueSubscription[]> {
  const weekAgo = new Date(clock.now().getTime() - DIGEST_INTERVAL_MS).toISOString();
  const id = { ...(ids ? { $in: [...ids] } : {}), ...(excluding.length > 0 ? { $nin: [...excluding] } : {}) };
  const skippedWorkspaces = await workspacesOfTeams(readModels, excludingTeams);
  const workspaces = skippedWorkspaces.length > 0 ? { workspaceId: { $nin: skippedWorkspaces } } : {};
  const filter = { status: 'active', digest: true, digestFrom: { $lte: weekAgo }, ...workspaces, ...(Object.keys(id).length > 0 ? { _id: id } : {}) };
  const due = await (await emailSubscriptionCollection(readModels)).find(filter, { sort: { digestFrom: 1, _id: 1 }, limit });
  const teams = await teamsOfWorkspaces(readModels, due.map(({ workspaceId }) => workspaceId));
  return due.map((subscription) => ({ ...subscription, teamId: teams.get(subscription.workspaceId) ?? subscription.workspaceId }));
}

/**
 * The summary cards of the digest sent on `today`: the 7 whole days before it against the 7 before those, over
 * every country of the report, under its active history version (empty weeks without a report or a version yet).
 */
async function summaryOf(readModels: ReadModels, report: BrandReportDoc | null, today: string): Promise<DigestSummary> {
  const weeks = digestWeeks(addDays(today, -1));
  const version = report && (await historyReader(readModels).activeVersion(report._id));
  if (!report || !version) return digestSummary(weeks, emptyRunTotals([]), emptyRunTotals([]));
  const { brands } = compileDetection(version.detection);
  const totals = async (range: { from: string; to: string }) => (await windowTotals(readModels, report, version, brands, range, null)).report;
  return digestSummary(weeks, await totals(weeks.current), await totals(weeks.previous));
}

/** The digest of the week to `now`: the report's summary cards and the alerts raised on it since the last digest. */
async function send(ports: DigestPorts, subscription: EmailSubscriptionDoc, from: string, now: Date): Promise<void> {
  const report = await (await brandReportCollection(ports.readModels)).findOne({ _id: subscription.reportId });
  const alerts = await (await digestAlertCollection(ports.readModels)).find({ reportId: subscription.reportId, createdDate: { $gt: from } }, { sort: { createdDate: 1, _id: 1 } });
  const link = unsubscribeUrl(ports.baseUrl, await emailSigningKey(ports.context), subscription._id);
  const week = { from: from.slice(0, 10), to: now.toISOString().slice(0, 10) };
  const summary = await summaryOf(ports.readModels, report, week.to);
  await ports.mailer.send(digestEmail(subscription.email, report?.brand ?? subscription.reportId, week, summary, alerts, link));
}

/**
 * The weekly digests as leased jobs: a subscription whose last digest is a week old is due; its digest is sent,
 * then recorded in the subscription's stream (DigestSent), which makes the next one due a week later. A worker
 * killed between the two sends it again: at least once a week, never skipped.
 */
export function weeklyDigestJobs(ports: DigestPorts): JobKind<DueSubscription> {
  const { context, clock } = ports;
  return {
    name: WEEKLY_DIGEST_JOB,
    waiting: (query) => dueSubscriptions(ports, query),
    async run(subscription) {
      const now = clock.now();
      const state = await loadState(context.eventStore, emailSubscriptionStream(subscription._id), emailSubscriptionDecider);
      if (!digestDue(state, now.toISOString()) || state.status === 'absent') return;
      await send(ports, subscription, state.lastDigestDate ?? state.createdDate, now);
      await handleCommand(context.eventStore, emailSubscriptionStream(subscription._id), emailSubscriptionDecider, {
        type: 'RecordDigest',
        data: { subscriptionId: subscription._id, now: now.toISOString() },
      });
    },
    async abandon() {
      // Nothing is recorded until a digest is sent: one whose worker keeps dying is simply claimed again.
    },
  };
}
