import { createShareLinkOperation, listShareLinksOperation, reportPdfOperation, revokeShareLinkOperation } from '../../app/shareLinks/operations.js';
import { restRoute, type Route } from '../http/route.js';
import { REPORT } from './logUpload.js';

/** A report's share links and its PDF. */
export const shareLinkRoutes: readonly Route[] = [
  restRoute(listShareLinksOperation, { method: 'get', path: `${REPORT}/share-links` }),
  restRoute(createShareLinkOperation, { method: 'post', path: `${REPORT}/share-links`, status: 201 }),
  restRoute(revokeShareLinkOperation, { method: 'delete', path: `${REPORT}/share-links/{linkId}`, status: 204 }),
  restRoute(reportPdfOperation, { method: 'get', path: `${REPORT}/report.pdf`, contentType: 'application/pdf' }),
];
