import type { AlertRaised } from '../../domain/alerts/events.js';
import type { CheckOutcomeEvent } from '../../domain/audits/events.js';
import type { ReportRecalculated } from '../../domain/brandReport/recalculated.js';
import type { QueryFanOutCompleted, QueryFanOutFailed } from '../../domain/fanOut/events.js';
import { deliveryDecider } from '../../domain/webhooks/decide.js';
import { deliveryStream } from '../../domain/webhooks/deliveryEvents.js';
import type { WebhookEventType } from '../../domain/webhooks/schema.js';
import type { RecordedEvent } from '../../ports/eventStore.js';
import { auditCollection, type AuditDoc } from '../../projections/audits/reader.js';
import { brandReportCollection } from '../../projections/brandReports/reader.js';
import { webhookCollection } from '../../projections/webhooks/reader.js';
import type { AuditResource } from '../audits/auditQueries.js';
import { CONTENT_CHECKS, CRAWLABILITY_CHECKS } from '../audits/resource.js';
import { QUERY_FAN_OUTS } from '../audits/fanOuts/resource.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import type { Services } from '../shared/services.js';
import type { Process, ProcessEvent } from '../processes/processRunner.js';
import { messageIds } from './signature.js';

type SourceEvent = AlertRaised | ReportRecalculated | CheckOutcomeEvent | QueryFanOutCompleted | QueryFanOutFailed;

/** What a domain event tells a workspace's webhooks; null when it concerns no workspace any longer. */
interface Message {
  workspaceId: string;
  type: WebhookEventType;
  data: unknown;
}

async function auditMessage<Doc extends AuditDoc>(services: Services, resource: AuditResource<Doc, unknown, unknown>, id: string, type: WebhookEventType): Promise<Message | null> {
  const document = await (await auditCollection<Doc>(services.readModels, resource.collection)).findOne({ _id: id });
  return document && { workspaceId: document.workspaceId, type, data: resource.detail(document) };
}

async function reportMessage(services: Services, reportId: string, type: WebhookEventType, data: unknown): Promise<Message | null> {
  const report = await (await brandReportCollection(services.readModels)).findOne({ _id: reportId });
  return report && { workspaceId: report.workspaceId, type, data };
}

function messageOf(event: ProcessEvent<SourceEvent>, services: Services): Promise<Message | null> {
  switch (event.type) {
    case 'AlertRaised': {
      const { alertId, ...alert } = event.data;
      return reportMessage(services, alert.reportId, 'alert.raised', { id: alertId, ...alert });
    }
    case 'ReportRecalculated':
      return reportMessage(services, event.data.reportId, 'report.recalculated', { reportId: event.data.reportId, version: event.data.version });
    case 'CrawlabilityCheckCompleted':
    case 'CrawlabilityCheckFailed':
      return auditMessage(services, CRAWLABILITY_CHECKS, event.data.checkId, 'audit.completed');
    case 'ContentCheckCompleted':
    case 'ContentCheckFailed':
      return auditMessage(services, CONTENT_CHECKS, event.data.checkId, 'audit.completed');
    case 'QueryFanOutCompleted':
    case 'QueryFanOutFailed':
      return auditMessage(services, QUERY_FAN_OUTS, event.data.fanOutId, 'fanout.completed');
  }
}

/** Schedules the message for every webhook of its workspace that asked for its type and existed before the event. */
export async function scheduleDeliveries(services: Services, event: RecordedEvent, message: Message): Promise<void> {
  const webhooks = await (await webhookCollection(services.readModels)).find({ workspaceId: message.workspaceId, events: message.type });
  const payload = { type: message.type, timestamp: event.created.toISOString(), data: message.data };
  for (const webhook of webhooks) {
    if (BigInt(webhook.createdPosition) >= event.position) continue;
    const ids = messageIds(webhook._id, event.streamName, event.revision);
    await handleCommand(services.eventStore, deliveryStream(ids.deliveryId), deliveryDecider, {
      type: 'ScheduleDelivery',
      data: { ...ids, webhookId: webhook._id, workspaceId: message.workspaceId, payload, now: nowIso(services) },
    });
  }
}

/**
 * Turns the events webhooks are told about into deliveries, one per webhook and
 * event, with its own checkpoint; a replayed event schedules deliveries that exist already, which changes nothing.
 * Audits and fan-outs are delivered when they finish, completed or failed (the detail's `status` says which).
 */
export const webhookProcess: Process<SourceEvent> = {
  name: 'webhooks',
  eventTypes: ['AlertRaised', 'ReportRecalculated', 'CrawlabilityCheckCompleted', 'CrawlabilityCheckFailed', 'ContentCheckCompleted', 'ContentCheckFailed', 'QueryFanOutCompleted', 'QueryFanOutFailed'],
  async handle(event, services) {
    await services.readYourWrites(event.position);
    const message = await messageOf(event, services);
    if (message) await scheduleDeliveries(services, event, message);
  },
};
