import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { csvObjects, flattened } from '../support/csv.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';

/** More prompts than one page of JSON (25) and than one page read for a download (500). */
const MANY = 520;
const TRICKY = ['Say "hi", then\nleave?', '=HYPERLINK("http://evil.example")', '+1 CRM', '-1 CRM', '@SUM(A1)'];

let api: TestApi;
let team: SeededTeam;
let promptsPath: string;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api, { plan: 'premium' });
  for (const text of TRICKY) await createPrompt(api.context, { workspaceId: team.workspaceId, country: 'us', text });
  for (let index = 0; index < MANY - TRICKY.length; index++) await createPrompt(api.context, { workspaceId: team.workspaceId, country: 'us', text: `Prompt ${index}` });
  await api.settle();
  promptsPath = `/v1/workspaces/${team.workspaceId}/prompts`;
}, 120_000);
afterAll(() => api.close());

const get = (path: string, headers: Record<string, string> = {}) => api.call<string>('GET', path, { key: team.readKey, headers });

async function everyJsonPage(path: string): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const page: { status: number; body: { items: unknown[]; paging: { nextCursor: string | null } } } = await api.call('GET', `${path}${cursor ? `?cursor=${cursor}` : ''}`, { key: team.readKey });
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.paging.nextCursor;
  }
  return items;
}

describe('a CSV download', () => {
  test('without paging parameters answers every item of every page, in the JSON pages’ order', async () => {
    const answer = await get(promptsPath, { accept: 'text/csv' });
    expect(answer.status).toBe(200);
    const { header, rows } = csvObjects(answer.body);
    const items = await everyJsonPage(promptsPath);
    expect(items).toHaveLength(MANY);
    expect(rows).toEqual(items.map((item) => flattened(item, header)));
  });

  test('with a cursor answers that page only', async () => {
    const first = await api.call<{ paging: { nextCursor: string } }>('GET', promptsPath, { key: team.readKey });
    const path = `${promptsPath}?cursor=${first.body.paging.nextCursor}`;
    const second = await api.call<{ items: unknown[] }>('GET', path, { key: team.readKey });
    const { header, rows } = csvObjects((await get(path, { accept: 'text/csv' })).body);
    expect(rows).toEqual(second.body.items.map((item) => flattened(item, header)));
    expect(rows).toHaveLength(25);
  });

  test('quotes fields holding commas, quotes and line breaks (RFC 4180), and records end with CRLF', async () => {
    const { body } = await get(promptsPath, { accept: 'text/csv' });
    expect(body).toContain(',"Say ""hi"", then\nleave?",');
    expect(body.split('\r\n').at(-1)).toBe('');
  });

  test('prefixes text a spreadsheet would run as a formula with an apostrophe', async () => {
    const { body } = await get(promptsPath, { accept: 'text/csv' });
    expect(body).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    for (const text of ['+1 CRM', '-1 CRM', '@SUM(A1)']) expect(body).toContain(`,'${text},`);
    const prompts = csvObjects(body).rows.map((row) => row.prompt);
    expect(prompts).toEqual(expect.arrayContaining(["'=HYPERLINK(\"http://evil.example\")", "'+1 CRM", "'-1 CRM", "'@SUM(A1)"]));
  });

  test('counts once toward the quota however many pages it reads', async () => {
    const used = async () => (await api.call<{ apiRequestsUsedCount: number }>('GET', '/v1/accounts/info', { key: team.readKey })).body.apiRequestsUsedCount;
    const before = await used();
    expect((await get(promptsPath, { accept: 'text/csv' })).status).toBe(200);
    // One for the download, one for the account read that tells.
    expect(await used()).toBe(before + 2);
  });
});

describe('content negotiation', () => {
  const kind = async (headers: Record<string, string>, query = '') => {
    const answer = await get(`${promptsPath}${query}`, headers);
    expect(answer.status).toBe(200);
    return answer.headers.get('content-type');
  };

  test.each([
    ['no Accept header', {}],
    ['*/*', { accept: '*/*' }],
    ['application/json', { accept: 'application/json' }],
    ['JSON preferred by q-value', { accept: 'text/csv;q=0.5, application/json' }],
    ['a type neither answers', { accept: 'image/png' }],
  ])('%s answers JSON', async (_case, headers) => {
    expect(await kind(headers)).toBe('application/json; charset=utf-8');
  });

  test.each([
    ['text/csv', { accept: 'text/csv' }],
    ['CSV preferred by q-value', { accept: 'application/json;q=0.8, text/csv' }],
    ['text/* beside a lower */*', { accept: 'text/*, */*;q=0.1' }],
  ])('%s answers CSV', async (_case, headers) => {
    expect(await kind(headers)).toBe('text/csv; charset=utf-8');
  });

  test('format=csv answers CSV whatever Accept says; format=json answers JSON', async () => {
    expect(await kind({ accept: 'application/json' }, '?format=csv')).toBe('text/csv; charset=utf-8');
    expect(await kind({ accept: 'text/csv' }, '?format=json')).toBe('application/json; charset=utf-8');
  });

  test('the answer varies by Accept, so a cache keeps both', async () => {
    expect((await get(promptsPath)).headers.get('vary')).toContain('Accept');
  });
});

describe('errors of a CSV request', () => {
  test('stay JSON with their status, before any CSV is written', async () => {
    const unknownReport = await get('/v1/reports/brand/br_unknown/citations?startDate=2026-11-01&endDate=2026-11-02&country=us', { accept: 'text/csv' });
    expect(unknownReport.status).toBe(404);
    expect(unknownReport.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(unknownReport.body).toEqual({ message: expect.any(String) });
    const badCursor = await get(`${promptsPath}?cursor=nope`, { accept: 'text/csv' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ target: 'query', errors: [{ path: 'cursor' }] });
  });

  test('an unknown format is a 400 naming the parameter', async () => {
    const answer = await get(`${promptsPath}?format=xml`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'query', errors: [{ path: 'format', code: 'invalid_value' }] });
  });
});
