import {
  evolve,
  initialState,
  type BrandReportEvent,
  type BrandReportState,
} from '../../domain/brandReport/events.js';
import type { BulkOperation, Collection } from '../../ports/documentStore.js';
import type { Projection } from '../runner/projection.js';
import { BRAND_REPORT_COLLECTIONS as C, reportDocument, reportState, type BrandReportDoc } from './documents.js';

/** The events that change a brand report (its read model and the reports in memory). */
export const BRAND_REPORT_EVENT_TYPES: readonly BrandReportEvent['type'][] = [
  'BrandReportCreated',
  'BrandReportTitleChanged',
  'BrandReportDetectionChanged',
  'PromptsAssignedToReport',
  'PromptsUnassignedFromReport',
  'BrandReportDeleted',
];

async function loadReport(reports: Collection<BrandReportDoc>, reportId: string): Promise<BrandReportState> {
  const document = await reports.findOne({ _id: reportId });
  return document ? reportState(document) : initialState();
}

/**
 * Brand reports for the list and detail endpoints. Each report is folded with the domain's own `evolve`,
 * so a field the PATCH response shows is exactly the field a later GET reads. A batch folds in memory and
 * writes each touched report once.
 */
export const brandReportsProjection: Projection<BrandReportEvent> = {
  name: 'brandReports',
  version: 1,
  eventTypes: BRAND_REPORT_EVENT_TYPES,
  async setup(scope) {
    const reports = scope.collection(C.reports);
    await reports.createIndex({ teamId: 1, createdDate: -1 });
    await reports.createIndex({ workspaceId: 1 });
  },
  async apply(events, scope) {
    const reports = scope.collection<BrandReportDoc>(C.reports);
    const touched = new Map<string, BrandReportState>();
    for (const event of events) {
      const { reportId } = event.data;
      const current = touched.get(reportId) ?? (await loadReport(reports, reportId));
      touched.set(reportId, evolve(current, event));
    }
    const writes: BulkOperation<BrandReportDoc>[] = [];
    for (const [reportId, state] of touched) {
      if (state.status === 'active') writes.push({ replaceOne: { filter: { _id: reportId }, replacement: reportDocument(state), upsert: true } });
      else if (state.status === 'deleted') writes.push({ deleteOne: { filter: { _id: reportId } } });
    }
    // MongoDB refuses an empty bulk write, which happens when every event named a report never created.
    if (writes.length > 0) await reports.bulkWrite(writes);
  },
};
