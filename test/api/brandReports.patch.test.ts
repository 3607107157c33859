import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedPrompts, seedReport, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type CallOptions, type TestApi } from './support/testApi.js';

interface Report {
  id: string;
  updatedDate: string;
  [field: string]: unknown;
}

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

async function newReport(): Promise<{ reportId: string; promptIds: string[] }> {
  const promptIds = await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'uk' }]);
  const reportId = await seedReport(api, team.workspaceId, { brand: 'Acme', promptIds: promptIds.slice(0, 1) });
  await api.settle();
  return { reportId, promptIds };
}

const patch = (reportId: string, options: CallOptions) => api.call<Report>('PATCH', `/v1/reports/brand/${reportId}`, options);
const get = (reportId: string) => api.call<Report>('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });

describe('PATCH /v1/reports/brand/{reportId}', () => {
  test('answers the updated report, and a GET right after shows the same', async () => {
    const { reportId, promptIds } = await newReport();
    api.clock.now = new Date('2026-11-16T09:30:00.000Z');
    const { status, body } = await patch(reportId, {
      key: team.writeKey,
      body: {
        reportTitle: 'Acme in AI answers',
        brandDomain: 'https://www.Acme.io/pricing',
        competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }],
        promptIds: [promptIds[1]],
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      reportTitle: 'Acme in AI answers',
      brandDomain: 'acme.io',
      competitors: [{ brand: 'Globex', brandDomain: 'globex.com', brandVariations: [], brandDomainVariations: [], brandDomainWildcard: false, brandRegex: null }],
      promptIds: [promptIds[1]],
      countries: ['uk'],
      countryPromptsTotal: { uk: 1 },
      updatedDate: '2026-11-16T09:30:00.000Z',
    });
    expect((await get(reportId)).body).toEqual(body);
  });

  test('the GET body sent back unchanged answers 200 and changes nothing', async () => {
    const { reportId } = await newReport();
    const fetched = await get(reportId);
    const headBefore = await api.context.eventStore.headPosition();
    const { status, body } = await patch(reportId, { key: team.writeKey, body: fetched.body });
    expect(status).toBe(200);
    expect(body).toEqual(fetched.body);
    expect(await api.context.eventStore.headPosition()).toBe(headBefore);
  });

  test('read-only fields are ignored, whatever they hold', async () => {
    const { reportId } = await newReport();
    const before = await get(reportId);
    const readOnly = { id: 'br_other', workspaceId: team.otherWorkspaceId, countries: ['fr'], tags: [], createdDate: 'yesterday', updatedDate: 'today', countryPromptsTotal: { fr: 9 } };
    const { status, body } = await patch(reportId, { key: team.writeKey, body: readOnly });
    expect(status).toBe(200);
    expect(body).toEqual(before.body);
  });

  test('concurrent PATCHes of different fields all land', async () => {
    const { reportId } = await newReport();
    const changes = [
      { reportTitle: 'Concurrent title' },
      { brandVariations: ['ACME Corp'] },
      { brandDomainWildcard: true },
      { brandDomainVariations: ['acme.org'] },
      { competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }] },
    ];
    const answers = await Promise.all(changes.map((change) => patch(reportId, { key: team.writeKey, body: change })));
    expect(answers.map(({ status }) => status)).toEqual(changes.map(() => 200));
    expect((await get(reportId)).body).toMatchObject(Object.assign({}, ...changes));
  });

  test('403 for a key with read permission, before the report or the body is looked at', async () => {
    const { reportId } = await newReport();
    const expected = { status: 403, body: { message: 'This API key has read permission only; this operation needs write' } };
    expect(await patch(reportId, { key: team.readKey, body: { reportTitle: 'x' } })).toMatchObject(expected);
    expect(await patch('br_doesnotexist', { key: team.readKey, body: { foo: 1 } })).toMatchObject(expected);
  });

  test('403 for a write key without access to the report’s workspace', async () => {
    const reportId = await seedReport(api, team.otherWorkspaceId);
    await api.settle();
    const { status, body } = await patch(reportId, { key: team.scopedWriteKey, body: { reportTitle: 'x' } });
    expect(status).toBe(403);
    expect(body).toEqual({ message: `This API key has no access to brand report ${reportId}` });
  });

  test('403 for a report of another team', async () => {
    const otherTeam = await seedTeam(api);
    const reportId = await seedReport(api, otherTeam.workspaceId);
    const { status } = await patch(reportId, { key: team.writeKey, body: { reportTitle: 'x' } });
    expect(status).toBe(403);
  });

  test('404 for a report that does not exist', async () => {
    const { status, body } = await patch('br_doesnotexist', { key: team.writeKey, body: { reportTitle: 'x' } });
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Brand report br_doesnotexist not found' });
  });
});

describe('PATCH /v1/reports/brand/{reportId}: 400 for each validation rule', () => {
  let reportId: string;
  let foreignPromptId: string;

  beforeAll(async () => {
    reportId = (await newReport()).reportId;
    [foreignPromptId] = (await seedPrompts(api, team.otherWorkspaceId, [{ country: 'us' }])) as [string];
  });

  const RE2_NOTE = 'brandRegex runs on RE2, a linear-time engine: lookarounds ((?=, (?!, (?<=, (?<!) and backreferences (\\1) are not supported';
  const many = (count: number, item: (index: number) => unknown) => Array.from({ length: count }, (_unused, index) => item(index));
  const issue = (path: string, code: string, message: string) => ({ path, code, message });

  test.each([
    ['an unknown field', { foo: 1 }, issue('foo', 'unrecognized_keys', 'Unrecognized field "foo"')],
    ['a brand that is not a string', { brand: 5 }, issue('brand', 'invalid_type', 'Invalid input: expected string, received number')],
    ['a blank brand', { brand: '  ' }, issue('brand', 'too_small', 'Too small: expected string to have >=1 characters')],
    ['more than 100 brandVariations', { brandVariations: many(101, (index) => `Acme ${index}`) }, issue('brandVariations', 'too_big', 'Too big: expected array to have <=100 items')],
    ['a brandDomain that is not a domain', { brandDomain: 'not a domain' }, issue('brandDomain', 'custom', 'Expected a domain name such as acme.com')],
    ['more than 100 brandDomainVariations', { brandDomainVariations: many(101, (index) => `acme${index}.com`) }, issue('brandDomainVariations', 'too_big', 'Too big: expected array to have <=100 items')],
    ['a domain variation equal to brandDomain', { brandDomainVariations: ['www.acme.com'] }, issue('brandDomainVariations.0', 'custom', 'Each domain variation must differ from brandDomain "acme.com"')],
    ['a brandRegex over 1000 characters', { brandRegex: 'a'.repeat(1001) }, issue('brandRegex', 'too_big', 'Too big: expected string to have <=1000 characters')],
    ['a brandRegex that does not compile', { brandRegex: 'acme(' }, issue('brandRegex', 'custom', `Invalid brandRegex: SyntaxError: missing ): acme(. ${RE2_NOTE}`)],
    ['a brandRegex with a lookahead, which RE2 cannot run', { brandRegex: 'acme(?=corp)' }, issue('brandRegex', 'custom', `Invalid brandRegex: SyntaxError: invalid perl operator: (?=. ${RE2_NOTE}`)],
    ['brandRegex combined with brandVariations', { brandRegex: 'acme', brandVariations: ['ACME'] }, issue('brandRegex', 'custom', 'brandRegex cannot be combined with brandVariations: the regex replaces the names; send "brandVariations": [] with it')],
    ['no promptIds', { promptIds: [] }, issue('promptIds', 'too_small', 'Too small: expected array to have >=1 items')],
    ['more than 1000 promptIds', { promptIds: many(1001, (index) => `pr_${index}`) }, issue('promptIds', 'too_big', 'Too big: expected array to have <=1000 items')],
    ['a prompt id over 64 characters', { promptIds: ['p'.repeat(65)] }, issue('promptIds.0', 'too_big', 'Too big: expected string to have <=64 characters')],
    ['a prompt id of another workspace', () => ({ promptIds: [foreignPromptId] }), () => issue('promptIds.0', 'custom', `Prompt "${foreignPromptId}" does not exist in the report's workspace`)],
    ['more than 100 competitors', { competitors: many(101, (index) => ({ brand: `C${index}`, brandDomain: `c${index}.com` })) }, issue('competitors', 'too_big', 'Too big: expected array to have <=100 items')],
    ['a competitor without brandDomain', { competitors: [{ brand: 'Globex' }] }, issue('competitors.0.brandDomain', 'invalid_type', 'Invalid input: expected string, received undefined')],
    ['two competitors with one domain', { competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }, { brand: 'Globex EU', brandDomain: 'www.globex.com' }] }, issue('competitors.1.brandDomain', 'custom', 'Competitor domain "globex.com" is already used by competitors.0')],
    ['an unknown competitor field', { competitors: [{ brand: 'Globex', brandDomain: 'globex.com', rank: 1 }] }, issue('competitors.0.rank', 'unrecognized_keys', 'Unrecognized field "rank"')],
  ])('%s', async (_case, sent, expected) => {
    const body = typeof sent === 'function' ? sent() : sent;
    const expectedIssue = typeof expected === 'function' ? expected() : expected;
    const answer = await patch(reportId, { key: team.writeKey, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: `Invalid body: ${expectedIssue.path}: ${expectedIssue.message}`, target: 'body', errors: [expectedIssue] });
  });

  test.each([
    ['malformed JSON', { rawBody: '{"reportTitle": ' }, 'invalid_format', 'Invalid body: malformed JSON (Unexpected end of JSON input)'],
    ['a JSON array', { body: [] }, 'invalid_type', 'Expected a JSON object body (Content-Type: application/json)'],
    ['a body that is not declared JSON', { rawBody: '{}', headers: { 'content-type': 'text/plain' } }, 'invalid_type', 'Expected a JSON object body (Content-Type: application/json)'],
  ])('%s', async (_case, options, code, message) => {
    const answer = await patch(reportId, { key: team.writeKey, ...options });
    expect(answer.status).toBe(400);
    const summary = code === 'invalid_format' ? message : `Invalid body: ${message}`;
    expect(answer.body).toEqual({ message: summary, target: 'body', errors: [{ path: '', message, code }] });
  });
});
