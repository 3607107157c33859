import { createShareLinkOperation, listShareLinksOperation, reportPdfOperation, revokeShareLinkOperation } from '../../app/shareLinks/operations.js';
import { createReportScheduleOperation, deleteReportScheduleOperation, listReportSchedulesOperation } from '../../app/reportSchedules/operations.js';
import { restRoute, type Route } from '../http/route.js';
import { REPORT } from './logUpload.js';

/** A report's share links, its PDF and its e-mail schedules. */
export const shareLinkRoutes: readonly Route[] = [
  restRoute(listShareLinksOperation, { method: 'get', path: `${REPORT}/share-links` }),
  restRoute(createShareLinkOperation, { method: 'post', path: `${REPORT}/share-links`, status: 201 }),
  restRoute(revokeShareLinkOperation, { method: 'delete', path: `${REPORT}/share-links/{linkId}`, status: 204 }),
  restRoute(reportPdfOperation, { method: 'get', path: `${REPORT}/report.pdf`, contentType: 'application/pdf' }),
  restRoute(listReportSchedulesOperation, { method: 'get', path: `${REPORT}/report-schedules` }),
  restRoute(createReportScheduleOperation, { method: 'post', path: `${REPORT}/report-schedules`, status: 201 }),
  restRoute(deleteReportScheduleOperation, { method: 'delete', path: `${REPORT}/report-schedules/{scheduleId}`, status: 204 }),
];
