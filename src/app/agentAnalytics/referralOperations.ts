import { z } from 'zod';
import { REPORT_ERRORS, reportIdField } from '../brandReports/operations.js';
import { cachedReportView } from '../brandReports/cachedViews.js';
import { byReport } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { checkPaging, TAG, WINDOW_RULES, windowOfAnswer } from './operations.js';
import { getReferrals, listReferralPages } from './referralQueries.js';
import { landingPageSchema, referralListFields, referralPagesAnswerSchema, referralQueryFields, referralsAnswerSchema } from './referralSchemas.js';

/** The read models the referral views read: the report, its logs connector, its referrals, and the history its citations come from. */
const REFERRAL_READ_MODELS = ['brandReports', 'agentAnalytics', 'aiReferrals', 'reportHistory'];

const REFERRAL_RULES =
  'A referral visit is a request to one of the report’s domains from a person who followed a link in an AI answer: ' +
  'its Referer is an AI assistant (chatgpt.com, perplexity.ai, gemini.google.com, copilot.microsoft.com, claude.ai, …) or its ' +
  'utm_source names one; GET, status 2xx or 3xx, a page (no extension, or .html .htm .php .asp .aspx), and a user agent that ' +
  'is neither an AI crawler nor a bot. A session is the visits of one client address and user agent with gaps under 30 ' +
  'minutes, across uploads; its landing page is its first path. Google’s AI Overviews and AI Mode refer as google.com, like ' +
  'search, so they are not counted (unattributable). Logs ingested before referrals were counted were not kept: their referrals are not counted.';

export const getReferralsOperation = defineOperation({
  name: 'getBrandReportAgentAnalyticsReferrals',
  summary: 'Visits and sessions of people arriving from AI answers, per engine and day, and the pages they land on beside their citations',
  description: `${WINDOW_RULES} ${REFERRAL_RULES} daily lists only the days with visits; landingPages the 25 with most sessions.`,
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, ...referralQueryFields }),
  output: referralsAnswerSchema,
  answers: 'The referral figures',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'referrals', resource, query, () => getReferrals(deps, resource, query), REFERRAL_READ_MODELS),
});

export const listReferralPagesOperation = defineOperation({
  name: 'listBrandReportAgentAnalyticsReferralPages',
  summary: 'Every page people from AI answers landed on, most sessions first, beside its citations',
  description: `${WINDOW_RULES} ${REFERRAL_RULES}`,
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, ...referralListFields }),
  check: checkPaging,
  output: referralPagesAnswerSchema,
  answers: 'One page of landing pages',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, limit, offset, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'referralPages', resource, { limit, offset, ...query }, () => listReferralPages(deps, resource, query, { limit, offset }), REFERRAL_READ_MODELS),
  list: {
    pagingFields: ['limit', 'offset'],
    item: landingPageSchema,
    window: async ({ reportId: _reportId, limit: _limit, offset: _offset, ...query }, { deps, resource }, range) =>
      windowOfAnswer(await listReferralPages(deps, resource, query, range)),
  },
});
