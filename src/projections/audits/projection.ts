import { GEO_AUDIT_REQUEST_TYPES, type GeoAuditRequested } from '../../domain/audits/allocation.js';
import type { CheckOutcomeEvent } from '../../domain/audits/events.js';
import type { QueryFanOutRunEvent } from '../../domain/fanOut/events.js';
import { assertNever } from '../../domain/shared/decider.js';
import type { Projection, ProjectionScope } from '../runner/projection.js';
import { AUDIT_COLLECTIONS as C, type ContentCheckDoc, type CrawlabilityCheckDoc, type QueryFanOutDoc } from './documents.js';

type AuditEvent = GeoAuditRequested | CheckOutcomeEvent | QueryFanOutRunEvent;

const EVENT_TYPES: readonly AuditEvent['type'][] = [
  ...GEO_AUDIT_REQUEST_TYPES,
  'CrawlabilityCheckCompleted',
  'CrawlabilityCheckFailed',
  'ContentCheckCompleted',
  'ContentCheckFailed',
  'QueryFanOutStarted',
  'QueryFanOutCompleted',
  'QueryFanOutFailed',
];

async function applyRequest(event: GeoAuditRequested, scope: ProjectionScope): Promise<void> {
  switch (event.type) {
    case 'CrawlabilityCheckRequested': {
      const { checkId, ...request } = event.data;
      await scope.collection<CrawlabilityCheckDoc>(C.crawlabilityChecks).replaceOne({ _id: checkId }, { _id: checkId, ...request, status: 'pending' }, { upsert: true });
      return;
    }
    case 'ContentCheckRequested': {
      const { checkId, ...request } = event.data;
      await scope.collection<ContentCheckDoc>(C.contentChecks).replaceOne({ _id: checkId }, { _id: checkId, ...request, status: 'pending' }, { upsert: true });
      return;
    }
    case 'QueryFanOutRequested': {
      const { fanOutId, ...request } = event.data;
      await scope.collection<QueryFanOutDoc>(C.queryFanOuts).replaceOne({ _id: fanOutId }, { _id: fanOutId, ...request, status: 'pending', attempts: 0 }, { upsert: true });
      return;
    }
    default:
      assertNever(event);
  }
}

async function applyOutcome(event: CheckOutcomeEvent | QueryFanOutRunEvent, scope: ProjectionScope): Promise<void> {
  switch (event.type) {
    case 'CrawlabilityCheckCompleted':
    case 'ContentCheckCompleted': {
      const { checkId, completedDate, ...findings } = event.data;
      const collection = event.type === 'CrawlabilityCheckCompleted' ? C.crawlabilityChecks : C.contentChecks;
      await scope.collection(collection).updateOne({ _id: checkId }, { $set: { status: 'completed', completedDate, findings } });
      return;
    }
    case 'CrawlabilityCheckFailed':
    case 'ContentCheckFailed': {
      const { checkId, completedDate, error } = event.data;
      const collection = event.type === 'CrawlabilityCheckFailed' ? C.crawlabilityChecks : C.contentChecks;
      await scope.collection(collection).updateOne({ _id: checkId }, { $set: { status: 'failed', completedDate, error } });
      return;
    }
    case 'QueryFanOutStarted': {
      const { fanOutId, startedDate, attempt } = event.data;
      await scope.collection<QueryFanOutDoc>(C.queryFanOuts).updateOne({ _id: fanOutId }, { $set: { status: 'running', startedDate, attempts: attempt } });
      return;
    }
    case 'QueryFanOutCompleted': {
      const { fanOutId, completedDate, engines } = event.data;
      await scope.collection<QueryFanOutDoc>(C.queryFanOuts).updateOne({ _id: fanOutId }, { $set: { status: 'completed', completedDate, results: engines } });
      return;
    }
    case 'QueryFanOutFailed': {
      const { fanOutId, completedDate, error } = event.data;
      await scope.collection<QueryFanOutDoc>(C.queryFanOuts).updateOne({ _id: fanOutId }, { $set: { status: 'failed', completedDate, error } });
      return;
    }
    default:
      assertNever(event);
  }
}

const isRequest = (event: AuditEvent): event is GeoAuditRequested => (GEO_AUDIT_REQUEST_TYPES as readonly string[]).includes(event.type);

/**
 * GEO audits as the API lists and shows them, and as the worker finds what waits for it: one document per
 * crawlability check, content check and query fan-out, created by its request and finished by its outcome.
 */
export const auditsProjection: Projection<AuditEvent> = {
  name: 'audits',
  version: 1,
  eventTypes: EVENT_TYPES,
  async setup(scope) {
    for (const collection of Object.values(C)) {
      await scope.collection(collection).createIndex({ teamId: 1, createdDate: 1 });
      await scope.collection(collection).createIndex({ workspaceId: 1, createdDate: 1 });
      await scope.collection(collection).createIndex({ status: 1, createdDate: 1 });
      await scope.collection(collection).createIndex({ teamId: 1, periodStart: 1 });
      await scope.collection(collection).createIndex({ workspaceId: 1, periodStart: 1 });
    }
  },
  async apply(events, scope) {
    for (const event of events) {
      if (isRequest(event)) await applyRequest(event, scope);
      else await applyOutcome(event, scope);
    }
  },
};
