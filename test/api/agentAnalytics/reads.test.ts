import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { disconnectAgentLogsOperation } from '../../../src/app/agentAnalytics/operations.js';
import { OPERATOR } from '../../../src/app/shared/principal.js';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { COMBINED_LOG, GPTBOT_IP, USER_AGENTS, uploadLog } from './logs.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  await api.settle();
}, 60_000);
afterAll(() => api.close());

const get = <Body = Record<string, unknown>>(endpoint: string, query = '', key = team.readKey) =>
  api.call<Body>('GET', `/v1/reports/brand/${reportId}/agent-analytics/${endpoint}${query}`, { key });

const ingest = async (log: string): Promise<void> => {
  const answer = await uploadLog(api, reportId, log, { key: team.writeKey, query: '?format=combined' });
  expect(answer.status).toBe(200);
};

const disconnect = () => disconnectAgentLogsOperation.run({ reportId }, { principal: OPERATOR, deps: api.services, log: api.context.logger });

const NULL_METRICS = { totalAgentVisits: null, pagesVisited: null, topEngine: null, engines: null, daily: null, categories: null, topPages: null };
const EMPTY_PAGE = { limit: 25, offset: 0, hasMore: false, totalCount: 0 };
const DEFAULT_WINDOW = { startDate: '2026-11-02', endDate: '2026-11-15' };

describe('availability', () => {
  test('not_connected before any log: every metric null, no agents, no pages', async () => {
    expect((await get('agents')).body).toEqual({ availability: 'not_connected', ...DEFAULT_WINDOW, domains: ['acme.com'], items: [], paging: EMPTY_PAGE });
    expect((await get('stats')).body).toEqual({ availability: 'not_connected', ...DEFAULT_WINDOW, domains: ['acme.com'], ...NULL_METRICS });
    expect((await get('pages')).body).toEqual({ availability: 'not_connected', ...DEFAULT_WINDOW, items: [], paging: EMPTY_PAGE });
  });

  test('connected_with_data once a log with visits in the window is ingested', async () => {
    await ingest(COMBINED_LOG);
    expect((await get('agents')).body).toMatchObject({ availability: 'connected_with_data', paging: { totalCount: 2 } });
    expect((await get('stats')).body).toMatchObject({ availability: 'connected_with_data', totalAgentVisits: 3, topEngine: 'chatgpt' });
    expect((await get('pages')).body).toMatchObject({ availability: 'connected_with_data', paging: { totalCount: 2 } });
  });

  test('connected_no_data for a window without visits: real zeros, every day listed, no top engine', async () => {
    const window = '?startDate=2026-10-01&endDate=2026-10-03';
    expect((await get('agents', window)).body).toEqual({
      availability: 'connected_no_data', startDate: '2026-10-01', endDate: '2026-10-03', domains: ['acme.com'], items: [], paging: EMPTY_PAGE,
    });
    expect((await get('stats', window)).body).toEqual({
      availability: 'connected_no_data',
      startDate: '2026-10-01',
      endDate: '2026-10-03',
      domains: ['acme.com'],
      totalAgentVisits: 0,
      pagesVisited: 0,
      topEngine: null,
      engines: ['chatgpt', 'claude', 'copilot', 'perplexity', 'google', 'other'].map((engine) => ({ engine, visits: 0 })),
      daily: ['2026-10-01', '2026-10-02', '2026-10-03'].map((date) => ({ date, visits: 0 })),
      categories: ['user_fetch', 'search_index', 'training', 'agent', 'other'].map((category) => ({ category, visits: 0 })),
      topPages: [],
    });
    expect((await get('pages', window)).body).toMatchObject({ availability: 'connected_no_data', items: [] });
  });

  test('connected_no_data when the filters match no visit', async () => {
    expect((await get('stats', '?engine=perplexity')).body).toMatchObject({ availability: 'connected_no_data', totalAgentVisits: 0, topEngine: null });
  });

  test('not_connected again after logs disconnect, with the visits kept for a later connection', async () => {
    expect(await disconnect()).toEqual({ reportId, availability: 'not_connected' });
    expect((await get('stats')).body).toEqual({ availability: 'not_connected', ...DEFAULT_WINDOW, domains: ['acme.com'], ...NULL_METRICS });
    expect((await get('agents')).body).toMatchObject({ availability: 'not_connected', items: [], paging: EMPTY_PAGE });
    expect(await disconnect()).toEqual({ reportId, availability: 'not_connected' });
    await ingest(`${GPTBOT_IP} - - [14/Nov/2026:10:00:00 +0000] "GET /new HTTP/1.1" 200 1 "-" "${USER_AGENTS.gptbot}"`);
    expect((await get('stats')).body).toMatchObject({ availability: 'connected_with_data', totalAgentVisits: 4 });
  });
});

describe('windows', () => {
  test.each([
    ['both dates omitted: the last 14 days ending today', '', DEFAULT_WINDOW],
    ['startDate alone: ending today', '?startDate=2026-11-10', { startDate: '2026-11-10', endDate: '2026-11-15' }],
    ['endDate alone: starting 13 days before it', '?endDate=2026-11-10', { startDate: '2026-10-28', endDate: '2026-11-10' }],
    ['ISO timestamps: their date part', '?startDate=2026-11-10T23:59:59Z&endDate=2026-11-11T00:00:00.000%2B02:00', { startDate: '2026-11-10', endDate: '2026-11-11' }],
  ])('%s', async (_case, query, window) => {
    for (const endpoint of ['agents', 'stats', 'pages']) expect((await get(endpoint, query)).body).toMatchObject(window);
  });

  test('the window bounds which visits count', async () => {
    const agents = async (query: string) => (await get<{ items: Array<{ agent: string; visits: number }> }>('agents', query)).body.items;
    expect(await agents('?startDate=2026-11-10&endDate=2026-11-10')).toEqual([
      expect.objectContaining({ agent: 'GPTBot', visits: 2 }),
      expect.objectContaining({ agent: 'ClaudeBot', visits: 1 }),
    ]);
    expect(await agents('?startDate=2026-11-11')).toEqual([expect.objectContaining({ agent: 'GPTBot', visits: 1 })]);
  });
});

describe('filters and paging', () => {
  const agentNames = async (query: string) => (await get<{ items: Array<{ agent: string }> }>('agents', query)).body.items.map(({ agent }) => agent);

  test.each([
    ['engine', '?engine=claude', ['ClaudeBot']],
    ['engine other, which no visit is of', '?engine=other', []],
    ['a case-insensitive substring of the name', '?agent=gptB', ['GPTBot']],
    ['% literally', '?agent=G%25', []],
    ['_ literally', '?agent=G_TBot', []],
    ['both', '?engine=chatgpt&agent=bot', ['GPTBot']],
  ])('%s', async (_case, query, expected) => {
    expect(await agentNames(query)).toEqual(expected);
  });

  test('pages of agents at an offset, with the total', async () => {
    expect((await get('agents', '?limit=1&offset=1')).body).toMatchObject({
      items: [{ agent: 'ClaudeBot', visits: 1 }],
      paging: { limit: 1, offset: 1, hasMore: false, totalCount: 2 },
    });
    expect((await get('agents', '?limit=1')).body).toMatchObject({ items: [{ agent: 'GPTBot' }], paging: { limit: 1, offset: 0, hasMore: true, totalCount: 2 } });
    expect((await get('pages', '?limit=1&offset=1')).body).toMatchObject({ items: [{ path: '/blog/post' }], paging: { hasMore: true, totalCount: 3 } });
  });
});

describe('validation errors', () => {
  test.each([
    ['an unknown engine', '?engine=gemini', 'engine', 'invalid_value'],
    ['an agent filter over 200 characters', `?agent=${'a'.repeat(201)}`, 'agent', 'too_big'],
    ['a limit over 100', '?limit=101', 'limit', 'too_big'],
    ['a limit of 0', '?limit=0', 'limit', 'too_small'],
    ['a limit that is not a number', '?limit=ten', 'limit', 'invalid_type'],
    ['an offset not a multiple of limit', '?limit=25&offset=10', 'offset', 'custom'],
    ['an offset not a multiple of the default limit', '?offset=5', 'offset', 'custom'],
    ['a negative offset', '?offset=-25', 'offset', 'too_small'],
    ['startDate after endDate', '?startDate=2026-11-10&endDate=2026-11-09', 'startDate', 'custom'],
    ['a window of 367 days', '?startDate=2025-11-13&endDate=2026-11-14', 'endDate', 'custom'],
    ['startDate alone after today', '?startDate=2026-11-16', 'startDate', 'custom'],
    ['startDate alone more than 366 days ago', '?startDate=2025-01-01', 'startDate', 'custom'],
    ['a day that does not exist', '?startDate=2026-02-30', 'startDate', 'custom'],
    ['a date in another format', '?endDate=11/15/2026', 'endDate', 'custom'],
  ])('%s is a 400 on the query', async (_case, query, path, code) => {
    const answer = await get('agents', query);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: expect.any(String), target: 'query', errors: [expect.objectContaining({ path, code })] });
  });

  test.each([
    ['stats', '?engine=gemini', 'engine'],
    ['stats', '?startDate=2026-11-16', 'startDate'],
    ['pages', '?limit=25&offset=10', 'offset'],
    ['pages', `?agent=${'a'.repeat(201)}`, 'agent'],
  ])('%s applies the same rules: %s', async (endpoint, query, path) => {
    const answer = await get(endpoint, query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'query', errors: [{ path }] });
  });

  test('an agent filter of 200 characters and unknown parameters are accepted', async () => {
    expect((await get('agents', `?agent=${'a'.repeat(200)}&brand=Acme`)).status).toBe(200);
  });
});

describe('access', () => {
  test('an unknown report is a 404 and a report outside the key’s workspaces a 403, on every endpoint', async () => {
    const otherReport = await seedReport(api, team.otherWorkspaceId, { brand: 'Globex' });
    await api.settle();
    for (const endpoint of ['agents', 'stats', 'pages']) {
      expect((await api.call('GET', `/v1/reports/brand/br_unknown/agent-analytics/${endpoint}`, { key: team.readKey })).status).toBe(404);
      expect((await api.call('GET', `/v1/reports/brand/${otherReport}/agent-analytics/${endpoint}`, { key: team.scopedReadKey })).status).toBe(403);
      expect((await api.call('GET', `/v1/reports/brand/${reportId}/agent-analytics/${endpoint}`)).status).toBe(401);
    }
  });
});
