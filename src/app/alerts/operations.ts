import { z } from 'zod';
import { addWatchFields, checkWatchCompetitor } from '../../domain/alerts/schema.js';
import { REPORT_ERRORS, reportIdField } from '../brandReports/operations.js';
import { byReport } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { cursorPagingSchema, cursorParameterSchema } from '../shared/paging.js';
import { alertSchema, watchSchema } from './resource.js';
import { addWatch, ALERT_LIST, alertsWindow, listAlerts, reportWatches, removeWatch } from './watches.js';

const TAG = 'Alerts';

const watchIdField = z.string().min(1).describe('Watch id');

export const addWatchOperation = defineOperation({
  name: 'addBrandReportWatch',
  summary: 'Watch a brand report for a change',
  description:
    'Coverage kinds raise an alert when the pooled two-proportion z-test of the current window (the 7 days ending on the latest day with runs) ' +
    'against the baseline (the 28 days before) gives p < 0.05 and the change is at least `threshold` points in the watched direction. ' +
    '`competitor` applies to competitor_surge only.',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, ...addWatchFields }),
  check: checkWatchCompetitor,
  output: watchSchema,
  answers: 'The watch',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...watch }, { deps, resource }) => addWatch(deps, resource, watch),
});

export const listWatchesOperation = defineOperation({
  name: 'listBrandReportWatches',
  summary: "List a brand report's watches",
  description: 'Every active watch, oldest first.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField }),
  output: z.object({ items: z.array(watchSchema) }),
  answers: 'The watches',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: async ({ reportId }, { deps }) => ({ items: await reportWatches(deps, reportId) }),
});

export const removeWatchOperation = defineOperation({
  name: 'removeBrandReportWatch',
  summary: 'Remove a watch',
  description: 'The watch raises nothing more; the alerts it raised stay.',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, watchId: watchIdField }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Removed',
  errors: { ...REPORT_ERRORS, 404: 'No such report, or the watch is not in it' },
  resource: byReport,
  handler: async ({ reportId, watchId }, { deps }) => {
    await removeWatch(deps, reportId, watchId);
    return { id: watchId, deleted: true as const };
  },
});

export const listAlertsOperation = defineOperation({
  name: 'listBrandReportAlerts',
  summary: "List a brand report's alerts",
  description: 'Pages of 25, newest first. Each alert carries its statistics (for coverage kinds the z-test, its p-value and both windows) and its evidence.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, cursor: cursorParameterSchema(ALERT_LIST).optional() }),
  output: z.object({ items: z.array(alertSchema), paging: cursorPagingSchema }),
  answers: 'One page of alerts',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId, cursor }, { deps }) => listAlerts(deps, reportId, cursor),
  list: {
    pagingFields: ['cursor'],
    item: alertSchema,
    window: ({ reportId }, { deps }, range) => alertsWindow(deps, reportId, range),
  },
});
