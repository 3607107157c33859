import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';

let api: TestApi;
let team: SeededTeam;
let stranger: SeededTeam;
let reportId: string;
let otherReportId: string;

const watches = (id: string) => `/v1/reports/brand/${id}/watches`;

interface Refusal {
  message: string;
  errors?: Array<{ path: string; message: string }>;
}

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  stranger = await seedTeam(api);
  reportId = (await createBrandReport(api.context, { workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com', competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }] })).id;
  otherReportId = await seedReport(api, team.otherWorkspaceId, { brand: 'Globex' });
  await api.settle();
}, 60_000);
afterAll(() => api.close());

describe('watches of a brand report', () => {
  test('POST answers 201 with the defaults, GET lists it, DELETE answers 204 and it is gone', async () => {
    const created = await api.call<{ id: string }>('POST', watches(reportId), { key: team.writeKey, body: { kind: 'competitor_surge', competitor: 'initech' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^wt_/), reportId, kind: 'competitor_surge', engines: null, threshold: 5, competitor: 'initech', createdDate: '2026-11-15T10:00:00.000Z' });
    const listed = await api.call('GET', watches(reportId), { key: team.readKey });
    expect(listed).toMatchObject({ status: 200, body: { items: [created.body] } });

    const removed = await api.call('DELETE', `${watches(reportId)}/${created.body.id}`, { key: team.writeKey });
    expect(removed.status).toBe(204);
    expect((await api.call('GET', watches(reportId), { key: team.readKey })).body).toEqual({ items: [] });
    expect((await api.call('DELETE', `${watches(reportId)}/${created.body.id}`, { key: team.writeKey })).status).toBe(404);
  });

  test('engines and threshold are kept as sent', async () => {
    const created = await api.call('POST', watches(reportId), { key: team.writeKey, body: { kind: 'coverage_rise', engines: ['chatgpt', 'perplexity'], threshold: 12.5 } });
    expect(created).toMatchObject({ status: 201, body: { kind: 'coverage_rise', engines: ['chatgpt', 'perplexity'], threshold: 12.5, competitor: null } });
  });

  test.each([
    ['no kind', {}, 'kind'],
    ['an unknown kind', { kind: 'coverage_fall' }, 'kind'],
    ['a threshold above 100', { kind: 'coverage_drop', threshold: 150 }, 'threshold'],
    ['a negative threshold', { kind: 'coverage_drop', threshold: -1 }, 'threshold'],
    ['an unknown engine', { kind: 'coverage_drop', engines: ['bing'] }, 'engines.0'],
    ['an empty engine list', { kind: 'coverage_drop', engines: [] }, 'engines'],
    ['a competitor on another kind', { kind: 'coverage_drop', competitor: 'Initech' }, 'competitor'],
    ['a competitor the report does not track', { kind: 'competitor_surge', competitor: 'Hooli' }, 'competitor'],
  ])('%s is a 400 naming the field, and nothing is created', async (_case, body, path) => {
    const answer = await api.call<Refusal>('POST', watches(reportId), { key: team.writeKey, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((issue) => issue.path)).toEqual([path]);
    expect((await api.call<{ items: Array<{ kind: string }> }>('GET', watches(reportId), { key: team.readKey })).body.items.every(({ kind }) => kind === 'coverage_rise')).toBe(true);
  });

  test('a read key may list but not add (403)', async () => {
    expect((await api.call('POST', watches(reportId), { key: team.readKey, body: { kind: 'coverage_drop' } })).status).toBe(403);
  });

  test('an unknown report is 404; a report of another team or outside the key is 403', async () => {
    expect((await api.call('GET', watches('br_unknown'), { key: team.readKey })).status).toBe(404);
    expect((await api.call('POST', watches(reportId), { key: stranger.writeKey, body: { kind: 'coverage_drop' } })).status).toBe(403);
    expect((await api.call('GET', watches(otherReportId), { key: team.scopedReadKey })).status).toBe(403);
  });

  test("a watch removed through another report's path is not found (404) and stays", async () => {
    const created = await api.call<{ id: string }>('POST', watches(otherReportId), { key: team.writeKey, body: { kind: 'crawler_blocked' } });
    const answer = await api.call<Refusal>('DELETE', `${watches(reportId)}/${created.body.id}`, { key: team.writeKey });
    expect(answer.status).toBe(404);
    expect((await api.call<{ items: Array<{ id: string }> }>('GET', watches(otherReportId), { key: team.readKey })).body.items.map(({ id }) => id)).toEqual([created.body.id]);
  });

  test('the alerts list starts empty and refuses a cursor of another list (400)', async () => {
    expect((await api.call('GET', `/v1/reports/brand/${reportId}/alerts`, { key: team.readKey })).body).toEqual({ items: [], paging: { nextCursor: null, hasMore: false } });
    const answer = await api.call<Refusal>('GET', `/v1/reports/brand/${reportId}/alerts?cursor=bm90LWEtY3Vyc29y`, { key: team.readKey });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((issue) => issue.path)).toEqual(['cursor']);
  });
});
