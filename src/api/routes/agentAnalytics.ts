import { z } from 'zod';
import {
  getStatsOperation,
  listAgentsOperation,
  listPagesOperation,
  uploadAgentLogsOperation,
} from '../../app/agentAnalytics/operations.js';
import { getReferralsOperation, listReferralPagesOperation } from '../../app/agentAnalytics/referralOperations.js';
import { restRoute, type Route } from '../http/route.js';
import { LOG_MEDIA_TYPES, LOG_UPLOAD_PATH, REPORT } from './logUpload.js';

export const agentAnalyticsRoutes: readonly Route[] = [
  restRoute(listAgentsOperation, { method: 'get', path: `${REPORT}/agent-analytics/agents` }),
  restRoute(getStatsOperation, { method: 'get', path: `${REPORT}/agent-analytics/stats` }),
  restRoute(listPagesOperation, { method: 'get', path: `${REPORT}/agent-analytics/pages` }),
  restRoute(getReferralsOperation, { method: 'get', path: `${REPORT}/agent-analytics/referrals` }),
  restRoute(listReferralPagesOperation, { method: 'get', path: `${REPORT}/agent-analytics/referrals/pages` }),
  restRoute(uploadAgentLogsOperation, {
    method: 'post',
    path: LOG_UPLOAD_PATH,
    queryFields: ['format', 'host'],
    rawBody: {
      field: 'content',
      mediaTypes: LOG_MEDIA_TYPES,
      documentedAs: z.string().describe('The access log, one request per line; may be gzip-encoded (Content-Encoding: gzip, or gzip bytes)'),
    },
  }),
];
