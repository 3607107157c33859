import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { apiRoutes } from '../../../src/api/app.js';
import { COMBINED_LOG, uploadLog } from '../agentAnalytics/logs.js';
import { REFERRAL_COMBINED_LOG } from '../agentAnalytics/referralLogs.js';
import { csvObjects, flattened } from '../support/csv.js';
import { seedKnownAnswers, WINDOW, type KnownAnswers } from '../support/knownAnswers.js';
import { startTestApi, type Answer, type TestApi } from '../support/testApi.js';
import { raiseAlert } from '../../app/webhooks/support/receiver.js';

let api: TestApi;
let known: KnownAnswers;

let webhookId: string;

beforeAll(async () => {
  // A webhook to loopback (nothing listens there: its deliveries stay pending) and an SMTP server that is never
  // reached (the subscription below asks only for the weekly digest, which no worker of this test sends).
  api = await startTestApi({ environment: { AUDIT_ALLOW_PRIVATE_NETWORKS: '1', SMTP_URL: 'smtp://127.0.0.1:9' } });
  known = await seedKnownAnswers(api);
  const { team, reportId } = known;
  const write = (path: string, body: object) => api.call<{ id: string }>('POST', path, { key: team.writeKey, body });
  const webhook = await write(`/v1/workspaces/${team.workspaceId}/webhooks`, { url: 'http://127.0.0.1:9/hook' });
  expect(webhook.status).toBe(201);
  webhookId = webhook.body.id;
  expect((await write(`/v1/reports/brand/${reportId}/watches`, { kind: 'coverage_drop' })).status).toBe(201);
  expect((await write(`/v1/reports/brand/${reportId}/email-subscriptions`, { email: 'ana@example.com', alerts: false })).status).toBe(201);
  expect((await write(`/v1/reports/brand/${reportId}/share-links`, { label: 'Client' })).status).toBe(201);
  expect((await write(`/v1/reports/brand/${reportId}/report-schedules`, { cadence: 'monthly', recipients: ['ana@example.com'] })).status).toBe(201);
  // The known answers raise no alert; one appended as the alerts process would, so the alerts list has an item.
  await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
  expect((await uploadLog(api, reportId, COMBINED_LOG, { key: team.writeKey, query: '?format=combined' })).status).toBe(200);
  expect((await uploadLog(api, reportId, REFERRAL_COMBINED_LOG, { key: team.writeKey, query: '?format=combined' })).status).toBe(200);
  const audit = (path: string, body: object) => api.call('POST', `/v1/audits/${path}`, { key: team.writeKey, body: { workspaceId: team.workspaceId, ...body } });
  expect((await audit('geo/crawlability-checks', { url: 'https://acme.com/' })).status).toBe(201);
  expect((await audit('query-fan-outs', { query: 'best CRM, "cheap" or free?' })).status).toBe(201);
  await api.settle();
}, 60_000);
afterAll(() => api.close());

const csvOf = (path: string, headers: Record<string, string> = { accept: 'text/csv' }) => api.call<string>('GET', path, { key: known.team.readKey, headers });

/** Every list operation with a request reaching items of the known answers. */
function listRequests(): Record<string, string> {
  const { reportId, bestCrm, team } = known;
  const report = `/v1/reports/brand/${reportId}`;
  return {
    listBrandReports: '/v1/reports/brand',
    listBrandReportPromptAiResponses: `${report}/prompts/${bestCrm}/ai-responses?${WINDOW}`,
    listBrandReportCitationPrompts: `${report}/citations/prompts?url=${encodeURIComponent('https://acme.com/pricing')}&${WINDOW}`,
    listBrandReportPrompts: `${report}/prompts?${WINDOW}`,
    listBrandReportCitations: `${report}/citations?${WINDOW}`,
    listBrandReportRecommendations: `${report}/recommendations?country=us`,
    listBrandReportAgentAnalyticsAgents: `${report}/agent-analytics/agents`,
    listBrandReportAgentAnalyticsPages: `${report}/agent-analytics/pages`,
    listBrandReportAgentAnalyticsReferralPages: `${report}/agent-analytics/referrals/pages?startDate=2026-11-01&endDate=2026-11-02`,
    listEngines: '/v1/engines',
    listWorkspaces: '/v1/workspaces',
    listWorkspacePrompts: `/v1/workspaces/${team.workspaceId}/prompts`,
    listWorkspaceTags: `/v1/workspaces/${team.workspaceId}/tags`,
    listCrawlabilityChecks: '/v1/audits/geo/crawlability-checks',
    listContentChecks: '/v1/audits/geo/content-checks',
    listQueryFanOuts: '/v1/audits/query-fan-outs',
    listTeamApiKeys: '/v1/api-keys',
    listBrandReportWatches: `${report}/watches`,
    listBrandReportAlerts: `${report}/alerts`,
    listReportEmailSubscriptions: `${report}/email-subscriptions`,
    listShareLinks: `${report}/share-links`,
    listReportSchedules: `${report}/report-schedules`,
    listWebhooks: `/v1/workspaces/${team.workspaceId}/webhooks`,
    listWebhookDeliveries: `/v1/workspaces/${team.workspaceId}/webhooks/${webhookId}/deliveries`,
  };
}

const LIST_NAMES = [
  'listBrandReports',
  'listBrandReportPromptAiResponses',
  'listBrandReportCitationPrompts',
  'listBrandReportPrompts',
  'listBrandReportCitations',
  'listBrandReportRecommendations',
  'listBrandReportAgentAnalyticsAgents',
  'listBrandReportAgentAnalyticsPages',
  'listBrandReportAgentAnalyticsReferralPages',
  'listEngines',
  'listWorkspaces',
  'listWorkspacePrompts',
  'listWorkspaceTags',
  'listCrawlabilityChecks',
  'listContentChecks',
  'listQueryFanOuts',
  'listTeamApiKeys',
  'listBrandReportWatches',
  'listBrandReportAlerts',
  'listReportEmailSubscriptions',
  'listShareLinks',
  'listReportSchedules',
  'listWebhooks',
  'listWebhookDeliveries',
];

function expectCsv(answer: Answer<string>): void {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
}

describe('Accept: text/csv on the list operations', () => {
  test('every list operation of the API is one of those compared here', () => {
    const lists = apiRoutes().filter((route) => route.csv !== undefined).map((route) => route.operation.name);
    expect(lists.sort()).toEqual([...LIST_NAMES].sort());
  });

  test.each(LIST_NAMES)('%s answers the JSON items flattened, under the header of its schema', async (name) => {
    const path = listRequests()[name] as string;
    const json = await api.call<{ items: unknown[] }>('GET', path, { key: known.team.readKey });
    expect(json.status).toBe(200);
    const answer = await csvOf(path);
    expectCsv(answer);
    const { header, rows } = csvObjects(answer.body);
    const route = apiRoutes().find((candidate) => candidate.operation.name === name);
    expect(header).toEqual(route?.csv?.columnNames);
    expect(rows).toEqual(json.body.items.map((item) => flattened(item, header)));
  });

  test('every list but content checks (no browser here) has rows, so the comparisons above compare items', async () => {
    const counts: Record<string, number> = {};
    for (const [name, path] of Object.entries(listRequests())) counts[name] = csvObjects((await csvOf(path)).body).rows.length;
    const { listContentChecks, ...others } = counts;
    expect(listContentChecks).toBe(0);
    for (const [name, rows] of Object.entries(others)) expect({ name, hasRows: rows > 0 }).toEqual({ name, hasRows: true });
  });

  test('nested fields are dotted columns; arrays of scalars join with ";", arrays of objects are JSON', async () => {
    const { header, rows } = csvObjects((await csvOf(listRequests().listBrandReportPrompts as string)).body);
    expect(header).toEqual(expect.arrayContaining(['brandCoverageInterval.low', 'brandCoverageInterval.high', 'tags', 'competitors']));
    const bestCrm = rows.find((row) => row.id === known.bestCrm);
    expect(JSON.parse(bestCrm?.tags ?? '')).toEqual([{ id: known.pricingTag, name: 'Pricing', color: 'gold' }]);
    const engines = csvObjects((await csvOf('/v1/engines')).body).rows.find((row) => row.country === 'us');
    expect(engines?.baseEngines).toBe('chatgpt;google;perplexity;copilot');
    expect(JSON.parse(bestCrm?.competitors ?? '')).toEqual(expect.arrayContaining([expect.objectContaining({ brand: 'Globex' })]));
  });

  test('names the file after the operation, the ids of its path and the day', async () => {
    const answer = await csvOf(listRequests().listBrandReportCitations as string);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="listBrandReportCitations-${known.reportId}-2026-11-15.csv"`);
    expect((await csvOf('/v1/workspaces')).headers.get('content-disposition')).toBe('attachment; filename="listWorkspaces-2026-11-15.csv"');
  });

  test('filters apply as they do to JSON', async () => {
    const path = `${listRequests().listBrandReportCitations as string}&domains=acme.com&sortBy=url&sortOrder=asc`;
    const json = await api.call<{ items: Array<{ url: string }> }>('GET', path, { key: known.team.readKey });
    const { header, rows } = csvObjects((await csvOf(path)).body);
    expect(json.body.items.map(({ url }) => url)).toEqual(['https://acme.com/pricing']);
    expect(rows).toEqual(json.body.items.map((item) => flattened(item, header)));
  });

  test('explicit paging answers that page only', async () => {
    const path = `${listRequests().listBrandReportCitations as string}&limit=2&offset=2`;
    const json = await api.call<{ items: unknown[] }>('GET', path, { key: known.team.readKey });
    const { header, rows } = csvObjects((await csvOf(path)).body);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(json.body.items.map((item) => flattened(item, header)));
  });
});
