import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { COMBINED_LOG, GPTBOT_IP, JSON_LOG, USER_AGENTS, VHOST_LOG, uploadLog } from './logs.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  const patched = await api.call('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { brandDomainVariations: ['https://www.Acme.io/'] } });
  expect(patched.status).toBe(200);
  await api.settle();
}, 60_000);
afterAll(() => api.close());

const upload = (body: string | Buffer, query: string, options: { contentType?: string; headers?: Record<string, string>; key?: string } = {}) =>
  uploadLog(api, reportId, body, { key: options.key ?? team.writeKey, query, ...options });

const read = async <Body>(path: string): Promise<Body> => {
  const answer = await api.call<Body>('GET', `/v1/reports/brand/${reportId}/agent-analytics/${path}`, { key: team.readKey });
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('POST /v1/reports/brand/{id}/agent-analytics/logs', () => {
  test('ingests a log in every format, answering its lines, visits and skipped lines', async () => {
    expect(await upload(COMBINED_LOG, '?format=combined')).toMatchObject({ status: 200, body: { lines: 6, visits: 3, skipped: 1, alreadyIngested: false } });
    expect(await upload(VHOST_LOG, '?format=vhost_combined')).toMatchObject({ status: 200, body: { lines: 5, visits: 2, skipped: 1, alreadyIngested: false } });
    expect(await upload(JSON_LOG, '?format=json', { contentType: 'application/x-ndjson' })).toMatchObject({
      status: 200,
      body: { lines: 8, visits: 4, skipped: 2, alreadyIngested: false },
    });
  });

  test('the agents list shows every agent, busiest first, with its verified and spoofed visits', async () => {
    expect(await read('agents')).toEqual({
      availability: 'connected_with_data',
      startDate: '2026-11-02',
      endDate: '2026-11-15',
      domains: ['acme.com', 'acme.io'],
      items: [
        { agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 4, verifiedVisits: 2, spoofedVisits: 2 },
        { agent: 'bingbot', engine: 'copilot', category: 'search_index', visits: 1, verifiedVisits: 1, spoofedVisits: 0 },
        { agent: 'ChatGPT-User', engine: 'chatgpt', category: 'user_fetch', visits: 1, verifiedVisits: 1, spoofedVisits: 0 },
        { agent: 'ClaudeBot', engine: 'claude', category: 'training', visits: 1, verifiedVisits: 0, spoofedVisits: 0 },
        { agent: 'Googlebot', engine: 'google', category: 'search_index', visits: 1, verifiedVisits: 1, spoofedVisits: 0 },
        { agent: 'PerplexityBot', engine: 'perplexity', category: 'search_index', visits: 1, verifiedVisits: 1, spoofedVisits: 0 },
      ],
      paging: { limit: 25, offset: 0, hasMore: false, totalCount: 6 },
    });
  });

  test('the stats count every engine, category and day of the window, and the busiest pages', async () => {
    const zeroDays = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => ({ date: `2026-11-${String(from + index).padStart(2, '0')}`, visits: 0 }));
    expect(await read('stats')).toEqual({
      availability: 'connected_with_data',
      startDate: '2026-11-02',
      endDate: '2026-11-15',
      domains: ['acme.com', 'acme.io'],
      totalAgentVisits: 9,
      pagesVisited: 5,
      topEngine: 'chatgpt',
      engines: [
        { engine: 'chatgpt', visits: 5 },
        { engine: 'claude', visits: 1 },
        { engine: 'copilot', visits: 1 },
        { engine: 'perplexity', visits: 1 },
        { engine: 'google', visits: 1 },
        { engine: 'other', visits: 0 },
      ],
      daily: [...zeroDays(2, 9), { date: '2026-11-10', visits: 3 }, { date: '2026-11-11', visits: 2 }, { date: '2026-11-12', visits: 4 }, ...zeroDays(13, 15)],
      categories: [
        { category: 'training', visits: 5 },
        { category: 'search_index', visits: 3 },
        { category: 'user_fetch', visits: 1 },
        { category: 'agent', visits: 0 },
        { category: 'other', visits: 0 },
      ],
      topPages: [
        { path: '/pricing', visits: 4 },
        { path: '/docs', visits: 2 },
        { path: '/', visits: 1 },
        { path: '/blog/post', visits: 1 },
        { path: '/features', visits: 1 },
      ],
    });
  });

  test('the pages list shows each page with its visits and distinct agents', async () => {
    expect(await read('pages')).toEqual({
      availability: 'connected_with_data',
      startDate: '2026-11-02',
      endDate: '2026-11-15',
      items: [
        { path: '/pricing', visits: 4, agents: 3 },
        { path: '/docs', visits: 2, agents: 2 },
        { path: '/', visits: 1, agents: 1 },
        { path: '/blog/post', visits: 1, agents: 1 },
        { path: '/features', visits: 1, agents: 1 },
      ],
      paging: { limit: 25, offset: 0, hasMore: false, totalCount: 5 },
    });
  });

  test('the same content again, plain, gzip-encoded or as gzip bytes, counts nothing twice and answers visits: 0', async () => {
    const before = await read('stats');
    const again = [
      await upload(COMBINED_LOG, '?format=combined'),
      await upload(gzipSync(COMBINED_LOG), '?format=combined', { headers: { 'content-encoding': 'gzip' } }),
      await upload(gzipSync(COMBINED_LOG), '?format=combined'),
      await upload(VHOST_LOG, '?format=vhost_combined'),
    ];
    expect(again.map(({ status, body }) => ({ status, body }))).toEqual([
      { status: 200, body: { lines: 6, visits: 0, skipped: 1, alreadyIngested: true } },
      { status: 200, body: { lines: 6, visits: 0, skipped: 1, alreadyIngested: true } },
      { status: 200, body: { lines: 6, visits: 0, skipped: 1, alreadyIngested: true } },
      { status: 200, body: { lines: 5, visits: 0, skipped: 1, alreadyIngested: true } },
    ]);
    expect(await read('stats')).toEqual(before);
  });

  test('`host` stands for the host of combined lines: another site’s log counts no visit', async () => {
    const line = `${GPTBOT_IP} - - [13/Nov/2026:10:00:00 +0000] "GET /careers HTTP/1.1" 200 1 "-" "${USER_AGENTS.gptbot}"`;
    expect((await upload(line, '?format=combined&host=globex.com')).body).toMatchObject({ lines: 1, visits: 0, skipped: 0 });
    expect((await upload(`${line}\n`, '?format=combined&host=www.acme.com:8080')).body).toMatchObject({ lines: 1, visits: 1, skipped: 0 });
    expect((await read<{ items: Array<{ path: string }> }>('pages')).items.filter(({ path }) => path === '/careers')).toEqual([
      { path: '/careers', visits: 1, agents: 1 },
    ]);
  });
});

describe('refused uploads', () => {
  test.each([
    ['no format', '', 'format', 'invalid_value'],
    ['an unknown format', '?format=w3c', 'format', 'invalid_value'],
    ['a host that is not a host name', '?format=combined&host=not%20a%20host', 'host', 'custom'],
  ])('%s is a 400 on the query', async (_case, query, path, code) => {
    const answer = await upload(COMBINED_LOG, query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'query', errors: [{ path, code }] });
  });

  test.each([
    ['application/json', '{"lines": []}'],
    ['application/octet-stream', 'bytes'],
  ])('a body of type %s is a 400 on the body', async (contentType, body) => {
    const answer = await upload(body, '?format=json', { contentType });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'body', errors: [{ path: 'content', code: 'custom', message: expect.stringMatching(/text\/plain or application\/x-ndjson/) }] });
  });

  test('a Content-Encoding other than gzip is a 415', async () => {
    const answer = await upload(COMBINED_LOG, '?format=combined', { headers: { 'content-encoding': 'br' } });
    expect(answer).toMatchObject({ status: 415, body: { message: expect.stringMatching(/Content-Encoding br/) } });
  });

  test('a body over 50 MB is a 413', async () => {
    const answer = await upload(Buffer.alloc(50 * 1024 * 1024 + 1, 0x61), '?format=combined');
    expect(answer).toMatchObject({ status: 413, body: { message: expect.stringMatching(/at most 52428800 bytes/) } });
  });

  test('a body streamed without a length is refused with 413 once it passes 50 MB', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 51) controller.enqueue(megabyte);
        else controller.close();
      },
    });
    const response = await fetch(`${api.url}/v1/reports/brand/${reportId}/agent-analytics/logs?format=combined`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.writeKey}`, 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  test('a read key is refused with 403, before the body is looked at', async () => {
    expect((await upload(COMBINED_LOG, '?format=combined', { key: team.readKey })).status).toBe(403);
    expect((await upload(COMBINED_LOG, '', { key: team.readKey })).status).toBe(403);
  });

  test('a report outside the key’s workspaces is a 403; an unknown one a 404', async () => {
    const otherReport = await seedReport(api, team.otherWorkspaceId, { brand: 'Globex' });
    await api.settle();
    expect((await uploadLog(api, otherReport, COMBINED_LOG, { key: team.scopedWriteKey, query: '?format=combined' })).status).toBe(403);
    expect((await uploadLog(api, 'br_unknown', COMBINED_LOG, { key: team.writeKey, query: '?format=combined' })).status).toBe(404);
  });

  test('a refused upload records nothing', async () => {
    const before = await read('stats');
    const head = await api.context.eventStore.headPosition();
    await upload(`${COMBINED_LOG}\n# once more`, '?format=w3c');
    await upload(`${COMBINED_LOG}\n# once more`, '?format=combined', { key: team.readKey });
    await upload(`${COMBINED_LOG}\n# once more`, '?format=combined', { headers: { 'content-encoding': 'deflate' } });
    expect(await api.context.eventStore.headPosition()).toBe(head);
    expect(await read('stats')).toEqual(before);
  });
});

describe('the OpenAPI document', () => {
  test('documents the upload with its text media types, its query and its answer', async () => {
    const document = (await api.call<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('GET', '/v1/openapi.json')).body;
    const operation = document.paths['/v1/reports/brand/{reportId}/agent-analytics/logs']?.post;
    expect(Object.keys((operation?.requestBody as { content: object }).content)).toEqual(['text/plain', 'application/x-ndjson']);
    expect((operation?.parameters as Array<{ name: string; in: string }>).map(({ name, in: where }) => `${where}:${name}`)).toEqual([
      'path:reportId',
      'query:format',
      'query:host',
    ]);
    for (const path of ['agents', 'stats', 'pages']) expect(document.paths[`/v1/reports/brand/{reportId}/agent-analytics/${path}`]?.get).toBeDefined();
  });
});
