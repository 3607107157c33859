import {
  createBrandReportOperation,
  deleteBrandReportOperation,
  getBrandReportOperation,
  getBrandReportPromptOperation,
  getRecalculationOperation,
  listAiResponsesOperation,
  listBrandReportsOperation,
  listCitedUrlPromptsOperation,
  updateBrandReportOperation,
} from '../../app/brandReports/operations.js';
import {
  getBrandReportCitationHistoryOperation,
  getBrandReportCitationStatsOperation,
  getBrandReportStatsOperation,
  listBrandReportCitationsOperation,
  listBrandReportPromptsOperation,
  listBrandReportRecommendationsOperation,
  suggestCompetitorsOperation,
} from '../../app/brandReports/analytics/operations.js';
import { brandReportPatchSchema } from '../../domain/brandReport/schema.js';
import { restRoute, type Route } from '../http/route.js';

const REPORT = '/v1/reports/brand/{reportId}';

export const brandReportRoutes: readonly Route[] = [
  restRoute(listBrandReportsOperation, { method: 'get', path: '/v1/reports/brand' }),
  restRoute(createBrandReportOperation, { method: 'post', path: '/v1/reports/brand', status: 201 }),
  restRoute(getBrandReportOperation, { method: 'get', path: REPORT }),
  restRoute(deleteBrandReportOperation, { method: 'delete', path: REPORT, status: 204 }),
  restRoute(updateBrandReportOperation, {
    method: 'patch',
    path: REPORT,
    // Rule 3 (a field sent with its stored value is not re-validated) needs the stored report: the domain validates.
    bodyAs: { field: 'patch', documentedAs: brandReportPatchSchema },
  }),
  restRoute(getRecalculationOperation, { method: 'get', path: `${REPORT}/recalculation` }),
  restRoute(getBrandReportPromptOperation, { method: 'get', path: `${REPORT}/prompts/{promptId}` }),
  restRoute(listAiResponsesOperation, { method: 'get', path: `${REPORT}/prompts/{promptId}/ai-responses` }),
  restRoute(listCitedUrlPromptsOperation, { method: 'get', path: `${REPORT}/citations/prompts` }),
  restRoute(getBrandReportStatsOperation, { method: 'get', path: `${REPORT}/stats` }),
  restRoute(listBrandReportPromptsOperation, { method: 'get', path: `${REPORT}/prompts` }),
  restRoute(listBrandReportCitationsOperation, { method: 'get', path: `${REPORT}/citations` }),
  restRoute(getBrandReportCitationStatsOperation, { method: 'get', path: `${REPORT}/citations/stats` }),
  restRoute(getBrandReportCitationHistoryOperation, { method: 'get', path: `${REPORT}/citations/history` }),
  restRoute(listBrandReportRecommendationsOperation, { method: 'get', path: `${REPORT}/recommendations` }),
  restRoute(suggestCompetitorsOperation, { method: 'post', path: '/v1/competitors/suggestions' }),
];
