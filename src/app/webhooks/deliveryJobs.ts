import { performance } from 'node:perf_hooks';
import type { Clock } from '../../background/clock.js';
import type { JobKind, WaitingQuery } from '../../background/leasedJobRunner.js';
import { deliveryDecider } from '../../domain/webhooks/decide.js';
import { deliveryStream, type DeliveryAttempt, type DeliveryState } from '../../domain/webhooks/deliveryEvents.js';
import type { WebhookSender } from '../../ports/webhooks.js';
import type { ReadModels } from '../../projections/index.js';
import { teamsOfWorkspaces, workspacesOfTeams } from '../../projections/directory/reader.js';
import { deliveryCollection } from '../../projections/webhooks/reader.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import type { AppContext } from '../shared/context.js';
import { deliveryHeaders } from './signature.js';
import { slackMessage } from '../../domain/webhooks/slack.js';
import { deliveryTarget, type DeliveryTarget } from './webhooks.js';

export const WEBHOOK_DELIVERY_JOB = 'webhookDelivery';

/**
 * A due attempt of one delivery. Its id names the attempt (`<deliveryId>.<attempts made>`), so the runner's
 * memory of a finished job (kept while read models catch up) never holds back the delivery's next attempt.
 */
export interface DeliveryJob {
  _id: string;
  /** The team of the webhook's workspace. */
  teamId: string;
  deliveryId: string;
  attemptsBefore: number;
}

export interface DeliveryJobPorts {
  context: AppContext;
  readModels: ReadModels;
  sender: WebhookSender;
  clock: Clock;
  /** The public URL (BASE_URL): Slack messages link to the report there. */
  baseUrl: string;
  /** A number in [0, 1): the retry delay's jitter. */
  random?: () => number;
}

type PendingDelivery = Exclude<DeliveryState, { status: 'absent' }>;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The request of an attempt: Standard Webhooks' body signed at `at`, or a Slack message, which Slack takes unsigned. */
function request(delivery: PendingDelivery, target: DeliveryTarget, at: Date, baseUrl: string): { headers: Record<string, string>; body: string } {
  if (target.format === 'slack') return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(slackMessage(delivery.payload, baseUrl)) };
  const body = JSON.stringify(delivery.payload);
  return { headers: deliveryHeaders(target.secret, delivery.messageId, at, body), body };
}

/** One POST of the delivery's body; any failure becomes the attempt's error. */
async function attempt(delivery: PendingDelivery, target: DeliveryTarget, ports: DeliveryJobPorts): Promise<DeliveryAttempt> {
  const at = ports.clock.now();
  const { headers, body } = request(delivery, target, at, ports.baseUrl);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const { status } = await ports.sender.post(target.url, headers, body);
    const error = status >= 200 && status < 300 ? null : `answered HTTP ${status}`;
    return { at: at.toISOString(), status, durationMs: elapsed(), error };
  } catch (error) {
    return { at: at.toISOString(), status: 0, durationMs: elapsed(), error: messageOf(error) };
  }
}

async function dueJobs({ readModels, clock }: DeliveryJobPorts, { limit, ids, excluding, excludingTeams }: WaitingQuery): Promise<DeliveryJob[]> {
  const deliveries = await deliveryCollection(readModels);
  // Deliveries name their workspace; a team's share is reached over all of its workspaces.
  const skippedWorkspaces = await workspacesOfTeams(readModels, excludingTeams);
  const due = await deliveries.find(
    { status: 'pending', nextAttemptDate: { $lte: clock.now().toISOString() }, ...(skippedWorkspaces.length > 0 ? { workspaceId: { $nin: skippedWorkspaces } } : {}) },
    { sort: { nextAttemptDate: 1, _id: 1 }, limit: limit + excluding.length },
  );
  // A workspace the directory does not show (yet) counts as a team of its own.
  const teams = await teamsOfWorkspaces(readModels, due.map(({ workspaceId }) => workspaceId));
  const skipped = new Set(excluding);
  return due
    .map(({ _id, attempts, workspaceId }) => ({ _id: `${_id}.${attempts.length}`, teamId: teams.get(workspaceId) ?? workspaceId, deliveryId: _id, attemptsBefore: attempts.length }))
    .filter((job) => !skipped.has(job._id) && (ids === undefined || ids.includes(job._id) || ids.includes(job.deliveryId)))
    .slice(0, limit);
}

/**
 * Webhook deliveries as leased jobs: a due attempt is claimed under a lease, sent, and recorded in the delivery's
 * stream against the attempts seen, so a worker killed mid-POST leaves the attempt due for the next claim.
 */
export function webhookDeliveryJobs(ports: DeliveryJobPorts): JobKind<DeliveryJob> {
  const { context } = ports;
  const random = ports.random ?? Math.random;
  const record = (job: DeliveryJob, result: DeliveryAttempt, final = false) =>
    handleCommand(context.eventStore, deliveryStream(job.deliveryId), deliveryDecider, {
      type: 'RecordAttempt',
      data: { deliveryId: job.deliveryId, attemptsBefore: job.attemptsBefore, attempt: result, jitter: random() * 2 - 1, final },
    });
  return {
    name: WEBHOOK_DELIVERY_JOB,
    waiting: (query) => dueJobs(ports, query),
    async run(job) {
      const delivery = await loadState(context.eventStore, deliveryStream(job.deliveryId), deliveryDecider);
      if (delivery.status !== 'pending' || delivery.attempts.length !== job.attemptsBefore) return;
      if (delivery.nextAttemptDate !== null && delivery.nextAttemptDate > ports.clock.now().toISOString()) return;
      const target = await deliveryTarget(context, delivery.webhookId);
      if (target === null) {
        await record(job, { at: ports.clock.now().toISOString(), status: 0, durationMs: 0, error: 'the webhook was deleted' }, true);
        return;
      }
      await record(job, await attempt(delivery, target, ports));
    },
    async abandon(job, reason) {
      await record(job, { at: ports.clock.now().toISOString(), status: 0, durationMs: 0, error: `the attempt was abandoned: ${reason}` });
    },
  };
}
