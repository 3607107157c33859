import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { pageMetrics, rawGet, reportWithRuns, shareLinks, sharePath, valueAt, type CreatedLink } from './fixture.js';

let api: TestApi;
let team: SeededTeam;
let stranger: SeededTeam;
let reportId: string;
let promptIds: string[];
let strangerReportId: string;

const createLink = async (body: unknown = {}, id = reportId, key = team.writeKey) => (await api.call<CreatedLink>('POST', shareLinks(id), { key, body })).body;
const window30 = 'startDate=2026-10-17&endDate=2026-11-15&country=us';

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  stranger = await seedTeam(api);
  ({ reportId, promptIds } = await reportWithRuns(api, team, 'Acme'));
  ({ reportId: strangerReportId } = await reportWithRuns(api, stranger, 'Globex'));
}, 120_000);
afterAll(() => api.close());

describe('share links: creating, listing, revoking', () => {
  test('POST answers 201 with the URL once; the list has no token, and counts views', async () => {
    const created = await api.call<CreatedLink & Record<string, unknown>>('POST', shareLinks(reportId), { key: team.writeKey, body: { label: 'For the client' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^sl_/),
      reportId,
      url: expect.stringMatching(/^http:\/\/localhost:8080\/share\/gls_[A-Za-z0-9_-]{43}$/),
      label: 'For the client',
      days: 30,
      country: 'us',
      engines: null,
      expiresAt: '2026-12-15T10:00:00.000Z',
      createdDate: '2026-11-15T10:00:00.000Z',
    });
    const token = sharePath(created.body.url).split('/')[2] ?? '';
    const listed = await api.call<{ items: Array<Record<string, unknown>> }>('GET', shareLinks(reportId), { key: team.readKey });
    const item = listed.body.items.find(({ id }) => id === created.body.id);
    expect(item).toMatchObject({ views: 0, lastViewedAt: null, label: 'For the client' });
    expect(JSON.stringify(listed.body)).not.toContain(token);
    const stored = await api.context.eventStore.readStream(`share-link-${created.body.id}`);
    expect(stored.map(({ type }) => type)).toEqual(['ShareLinkCreated']);
    expect(JSON.stringify(stored.map(({ data }) => data))).not.toContain(token);

    expect((await api.call('GET', sharePath(created.body.url))).status).toBe(200);
    expect((await api.call('GET', `${sharePath(created.body.url)}/stats`)).status).toBe(200);
    const after = await api.call<{ items: Array<Record<string, unknown>> }>('GET', shareLinks(reportId), { key: team.readKey });
    expect(after.body.items.find(({ id }) => id === created.body.id)).toMatchObject({ views: 2, lastViewedAt: '2026-11-15T10:00:00.000Z' });
    expect(api.logLines.join('\n')).not.toContain(token);
  });

  test.each([
    ['days that are not 7, 30 or 90', { days: 14 }, 'days'],
    ['an expiry in the past', { expiresAt: '2026-11-01T00:00:00Z' }, 'expiresAt'],
    ['an expiry more than a year ahead', { expiresAt: '2028-01-01T00:00:00Z' }, 'expiresAt'],
    ['an unknown engine', { engines: ['bing'] }, 'engines.0'],
    ['a country that is no code', { country: 'gb' }, 'country'],
  ])('%s is a 400 naming the field', async (_case, body, path) => {
    const answer = await api.call<{ errors: Array<{ path: string }> }>('POST', shareLinks(reportId), { key: team.writeKey, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((issue) => issue.path)).toEqual([path]);
  });

  test('a read key cannot create or revoke a link; another team cannot list them', async () => {
    const link = await createLink();
    expect((await api.call('POST', shareLinks(reportId), { key: team.readKey, body: {} })).status).toBe(403);
    expect((await api.call('DELETE', `${shareLinks(reportId)}/${link.id}`, { key: team.readKey })).status).toBe(403);
    expect((await api.call('GET', shareLinks(reportId), { key: stranger.readKey })).status).toBe(403);
  });

  test('a revoked link answers 404 as a plain page, its data too, and its old token opens nothing', async () => {
    const link = await createLink();
    const path = sharePath(link.url);
    expect((await api.call('GET', path)).status).toBe(200);
    expect((await api.call('DELETE', `${shareLinks(reportId)}/${link.id}`, { key: team.writeKey })).status).toBe(204);
    const page = await api.call<string>('GET', path);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).not.toContain('Acme');
    expect((await api.call('GET', `${path}/stats`)).status).toBe(404);
    expect((await api.call('DELETE', `${shareLinks(reportId)}/${link.id}`, { key: team.writeKey })).status).toBe(404);
    const listed = await api.call<{ items: Array<{ id: string }> }>('GET', shareLinks(reportId), { key: team.readKey });
    expect(listed.body.items.map(({ id }) => id)).not.toContain(link.id);
  });

  test('an expired link answers 410 as a plain page', async () => {
    const link = await createLink({ expiresAt: '2026-11-15T11:00:00Z' });
    expect((await api.call('GET', sharePath(link.url))).status).toBe(200);
    const now = api.clock.now;
    api.clock.now = new Date('2026-11-15T11:00:00Z');
    try {
      const page = await api.call<string>('GET', sharePath(link.url));
      expect(page.status).toBe(410);
      expect(page.body).toContain('expired');
      expect(page.body).not.toContain('Acme');
      expect((await api.call('GET', `${sharePath(link.url)}/stats`)).status).toBe(410);
    } finally {
      api.clock.now = now;
    }
  });

  test('a token gets 60 requests a minute, then 429 until the next minute', async () => {
    const link = await createLink({ days: 7 });
    const path = `${sharePath(link.url)}/stats`;
    const now = api.clock.now;
    api.clock.now = new Date('2026-11-15T10:05:00Z');
    try {
      for (let request = 0; request < 60; request++) expect((await api.call('GET', path)).status).toBe(200);
      const refused = await api.call<{ message: string }>('GET', path);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain('60 requests');
      api.clock.now = new Date('2026-11-15T10:06:00Z');
      expect((await api.call('GET', path)).status).toBe(200);
    } finally {
      api.clock.now = now;
    }
    const listed = await api.call<{ items: Array<{ id: string; views: number }> }>('GET', shareLinks(reportId), { key: team.readKey });
    expect(listed.body.items.find(({ id }) => id === link.id)?.views).toBe(61);
  });
});

describe('what a share link shows', () => {
  test('its page and data carry no-store, no-referrer and noindex, and the page has no link anywhere', async () => {
    const link = await createLink();
    for (const path of [sharePath(link.url), `${sharePath(link.url)}/stats`, `${sharePath(link.url)}/nowhere`]) {
      const answer = await api.call<string>('GET', path);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    }
    const page = await api.call<string>('GET', sharePath(link.url));
    expect(page.body).not.toMatch(/<a\b|<nav\b|<script\b|<form\b/);
  });

  test('its data equals /stats, /prompts and /citations/stats for its window, country and engines', async () => {
    const link = await createLink({ engines: ['perplexity'] });
    const filters = `${window30}&engines=perplexity`;
    const stats = await api.call<{ id: string; summary: { runs: number } }>('GET', `${sharePath(link.url)}/stats`);
    expect(stats.body).toEqual((await api.call('GET', `/v1/reports/brand/${reportId}/stats?${filters}`, { key: team.readKey })).body);
    expect(stats.body.summary.runs).toBe(280);
    const prompts = await api.call('GET', `${sharePath(link.url)}/prompts`);
    expect(prompts.body).toEqual((await api.call('GET', `/v1/reports/brand/${reportId}/prompts?${filters}&limit=10`, { key: team.readKey })).body);
    const citations = await api.call('GET', `${sharePath(link.url)}/citations/stats`);
    expect(citations.body).toEqual((await api.call('GET', `/v1/reports/brand/${reportId}/citations/stats?${filters}`, { key: team.readKey })).body);
  });

  test('every figure of its page is the API’s for the same window', async () => {
    const link = await createLink({ days: 7 });
    const filters = 'startDate=2026-11-09&endDate=2026-11-15&country=us';
    const answers: Record<string, unknown> = {
      stats: (await api.call('GET', `/v1/reports/brand/${reportId}/stats?${filters}`, { key: team.readKey })).body,
      prompts: (await api.call('GET', `/v1/reports/brand/${reportId}/prompts?${filters}&limit=10`, { key: team.readKey })).body,
      'citations/stats': (await api.call('GET', `/v1/reports/brand/${reportId}/citations/stats?${filters}`, { key: team.readKey })).body,
    };
    const page = await api.call<string>('GET', sharePath(link.url));
    const metrics = pageMetrics(page.body);
    expect(metrics.length).toBeGreaterThan(30);
    for (const { source, path, value } of metrics) expect({ source, path, value: valueAt(answers[source], path) }).toEqual({ source, path, value });
    expect(page.body).toContain('2026-11-09 to 2026-11-15');
  });
});

describe('isolation: a token reaches its report’s overview and nothing else', () => {
  test('query parameters cannot move it to another report, window or country', async () => {
    const link = await createLink({ days: 7 });
    const fixed = await api.call('GET', `${sharePath(link.url)}/stats`);
    const moved = await api.call('GET', `${sharePath(link.url)}/stats?reportId=${strangerReportId}&startDate=2026-10-01&endDate=2026-11-15&country=uk&engines=chatgpt`);
    expect(moved).toMatchObject({ status: 200, body: fixed.body });
  });

  test.each([
    ['another report id under the token', (path: string) => `${path}/reports/brand/${'R'}/stats`],
    ['a prompt detail with its answers', (path: string) => `${path}/prompts/${'P'}`],
    ['a run’s answers', (path: string) => `${path}/prompts/${'P'}/ai-responses`],
    ['/v1 under the token', (path: string) => `${path}/v1/reports/brand/${'R'}/stats`],
    ['an encoded slash into /v1', (path: string) => `${path}/..%2F..%2Fv1%2Freports%2Fbrand%2F${'R'}%2Fstats`],
    ['encoded dot segments', (path: string) => `${path}/%2E%2E/%2E%2E/v1/reports/brand/${'R'}`],
    ['dot segments', (path: string) => `${path}/../../v1/reports/brand/${'R'}/stats`],
    ['dot segments in place of the token', (path: string) => `${path}/../../share/x/stats`],
    ['the token with an encoded slash', (path: string) => `${path.replace('/share/', '/share/x%2F')}/stats`],
    ['the token in another case', (path: string) => `${path.toUpperCase().replace('/SHARE/', '/share/')}/stats`],
  ])('%s answers 404 and names nothing', async (_case, pathOf) => {
    const link = await createLink();
    const path = pathOf(sharePath(link.url)).replace(/\bR\b/, strangerReportId).replace(/\bP\b/g, promptIds[0] ?? '');
    const answer = await rawGet(api.url, path);
    expect(answer.status).toBe(404);
    const text = answer.body;
    for (const secret of ['Acme', 'Globex', reportId, strangerReportId, team.workspaceId]) expect(text).not.toContain(secret);
  });

  test('the token is no credential for /v1: 401, as any unknown bearer', async () => {
    const link = await createLink();
    const token = sharePath(link.url).split('/')[2] ?? '';
    for (const path of [`/v1/reports/brand/${reportId}/stats?${window30}`, `/v1/reports/brand/${reportId}`, '/v1/reports/brand']) {
      const answer = await api.call('GET', path, { key: token });
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain('Acme');
    }
  });

  test('a token of another team shows that team’s report only, and its link cannot be revoked through ours', async () => {
    const theirs = await createLink({}, strangerReportId, stranger.writeKey);
    const stats = await api.call<{ id: string; brand: { brand: string } }>('GET', `${sharePath(theirs.url)}/stats`);
    expect(stats.body).toMatchObject({ id: strangerReportId, brand: { brand: 'Globex' } });
    expect(JSON.stringify(stats.body)).not.toContain('Acme');
    expect((await api.call('DELETE', `${shareLinks(reportId)}/${theirs.id}`, { key: team.writeKey })).status).toBe(404);
    expect((await api.call('DELETE', `${shareLinks(strangerReportId)}/${theirs.id}`, { key: team.writeKey })).status).toBe(403);
    expect((await api.call('GET', `${sharePath(theirs.url)}/stats`)).status).toBe(200);
  });

  test('an unknown token of the right shape and a malformed one answer 404 alike', async () => {
    for (const token of [`gls_${'A'.repeat(43)}`, 'gls_short', 'nothing']) {
      const page = await api.call<string>('GET', `/share/${token}`);
      expect(page.status).toBe(404);
      expect(page.body).toContain('does not exist or was revoked');
    }
  });
});
