import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { brandReportStream } from '../../src/domain/brandReport/events.js';
import { seedPrompts, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';
import { seedUser, signIn } from './sessions/support.js';

interface Report {
  id: string;
  [field: string]: unknown;
}

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

const create = (body: unknown, key = team.writeKey) => api.call<Report>('POST', '/v1/reports/brand', { key, body });
const fieldsOf = (body: unknown) => (body as { errors: Array<{ path: string; code: string }> }).errors.map(({ path, code }) => `${path}:${code}`);

describe('POST /v1/reports/brand', () => {
  test('answers 201 with the report as GET shows it, with every field of PATCH', async () => {
    const promptIds = await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'de' }]);
    const { status, body } = await create({
      workspaceId: team.workspaceId,
      brand: 'Acme',
      brandDomain: 'https://www.Acme.com/about',
      reportTitle: 'Acme in AI answers',
      brandVariations: ['ACME Corp'],
      brandDomainVariations: ['acme.io'],
      brandDomainWildcard: true,
      competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }],
      promptIds,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      workspaceId: team.workspaceId,
      reportTitle: 'Acme in AI answers',
      brand: 'Acme',
      brandDomain: 'acme.com',
      brandVariations: ['ACME Corp'],
      brandDomainVariations: ['acme.io'],
      brandDomainWildcard: true,
      competitors: [expect.objectContaining({ brand: 'Globex', brandDomain: 'globex.com' })],
      promptIds,
      countries: ['de', 'us'],
    });
    expect((await api.call('GET', `/v1/reports/brand/${body.id}`, { key: team.readKey })).body).toEqual(body);
    const list = await api.call<{ items: Report[] }>('GET', `/v1/reports/brand?workspaceId=${team.workspaceId}`, { key: team.readKey });
    expect(list.body.items.map(({ id }) => id)).toContain(body.id);
  });

  test.each([
    ['brand missing', { brandDomain: 'acme.com' }, ['brand:invalid_type']],
    ['a domain that is no domain', { brand: 'Acme', brandDomain: 'not a domain' }, ['brandDomain:custom']],
    ['a regex beside variations', { brand: 'Acme', brandDomain: 'acme.com', brandRegex: 'acme', brandVariations: ['Acme Inc'] }, ['brandRegex:custom']],
    ['a domain variation equal to the domain', { brand: 'Acme', brandDomain: 'acme.com', brandDomainVariations: ['acme.com'] }, ['brandDomainVariations.0:custom']],
    ['two competitors on one domain', { brand: 'Acme', brandDomain: 'acme.com', competitors: [{ brand: 'A', brandDomain: 'a.com' }, { brand: 'B', brandDomain: 'a.com' }] }, ['competitors.1.brandDomain:custom']],
    ['an unknown field', { brand: 'Acme', brandDomain: 'acme.com', countries: ['us'], colour: 'red' }, ['countries:unrecognized_keys', 'colour:unrecognized_keys']],
  ])('a bad body (%s) is a 400 naming the field', async (_case, fields, expected) => {
    const { status, body } = await create({ workspaceId: team.workspaceId, ...fields });
    expect(status).toBe(400);
    expect(body).toMatchObject({ target: 'body' });
    expect(fieldsOf(body)).toEqual(expected);
  });

  test('a prompt of another workspace or none is a 400 and nothing is created', async () => {
    const [otherPrompt] = await seedPrompts(api, team.otherWorkspaceId, [{ country: 'us' }]);
    const before = await api.call<{ items: Report[] }>('GET', `/v1/reports/brand?workspaceId=${team.workspaceId}`, { key: team.readKey });
    for (const promptIds of [[otherPrompt], ['pr_missing']]) {
      const { status, body } = await create({ workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds });
      expect({ status, fields: fieldsOf(body) }).toEqual({ status: 400, fields: ['promptIds.0:custom'] });
    }
    const after = await api.call<{ items: Report[] }>('GET', `/v1/reports/brand?workspaceId=${team.workspaceId}`, { key: team.readKey });
    expect(after.body.items).toHaveLength(before.body.items.length);
  });

  test('needs write access to that workspace: a read key, a key of another workspace and an unknown workspace are refused', async () => {
    const body = { workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com' };
    expect((await create(body, team.readKey)).status).toBe(403);
    expect((await create({ ...body, workspaceId: team.otherWorkspaceId }, team.scopedWriteKey)).status).toBe(403);
    expect((await create({ ...body, workspaceId: 'ws_missing' })).status).toBe(404);
    const stranger = await seedTeam(api);
    expect((await create(body, stranger.writeKey)).status).toBe(403);
  });

  test("an editor's session creates with its CSRF token, and not without it; a read-only user's session is refused", async () => {
    await seedUser(api, { teamId: team.teamId, email: 'editor@acme.test' });
    await seedUser(api, { teamId: team.teamId, email: 'viewer@acme.test', permission: 'read' });
    const editor = await signIn(api, 'editor@acme.test');
    const viewer = await signIn(api, 'viewer@acme.test');
    const body = { workspaceId: team.workspaceId, brand: 'Initech', brandDomain: 'initech.com' };
    expect((await api.call('POST', '/v1/reports/brand', { body, headers: { cookie: editor.cookie } })).status).toBe(403);
    expect((await api.call('POST', '/v1/reports/brand', { body, headers: { cookie: editor.cookie, 'x-csrf-token': editor.body.csrfToken } })).status).toBe(201);
    expect((await api.call('POST', '/v1/reports/brand', { body, headers: { cookie: viewer.cookie, 'x-csrf-token': viewer.body.csrfToken } })).status).toBe(403);
  });
});

describe('DELETE /v1/reports/brand/{id}', () => {
  test('answers 204; the report leaves every list and read, its prompts stay, its events stay in the log', async () => {
    const promptIds = await seedPrompts(api, team.workspaceId, [{ country: 'us' }]);
    const { body: report } = await create({ workspaceId: team.workspaceId, brand: 'Umbrella', brandDomain: 'umbrella.com', promptIds });
    const deleted = await api.call('DELETE', `/v1/reports/brand/${report.id}`, { key: team.writeKey });
    expect(deleted.status).toBe(204);
    for (const path of ['', '/stats?startDate=2026-11-01&endDate=2026-11-14&country=us', '/prompts?startDate=2026-11-01&endDate=2026-11-14&country=us', '/recalculation']) {
      expect({ path, status: (await api.call('GET', `/v1/reports/brand/${report.id}${path}`, { key: team.readKey })).status }).toEqual({ path, status: 404 });
    }
    const list = await api.call<{ items: Report[] }>('GET', '/v1/reports/brand', { key: team.readKey });
    expect(list.body.items.map(({ id }) => id)).not.toContain(report.id);
    const prompts = await api.call<{ items: Array<{ id: string; brandReportIds: string[] }> }>('GET', `/v1/workspaces/${team.workspaceId}/prompts`, { key: team.readKey });
    expect(prompts.body.items.find(({ id }) => id === promptIds[0])).toMatchObject({ brandReportIds: [] });
    expect((await api.call('PATCH', `/v1/reports/brand/${report.id}`, { key: team.writeKey, body: { reportTitle: 'x' } })).status).toBe(404);
    expect((await api.call('DELETE', `/v1/reports/brand/${report.id}`, { key: team.writeKey })).status).toBe(404);
    const events = await api.context.eventStore.readStream(brandReportStream(report.id));
    expect(events.map(({ type }) => type)).toEqual(['BrandReportCreated', 'BrandReportDeleted']);
  });

  test('needs write access to its workspace', async () => {
    const { body: report } = await create({ workspaceId: team.workspaceId, brand: 'Hooli', brandDomain: 'hooli.com' });
    expect((await api.call('DELETE', `/v1/reports/brand/${report.id}`, { key: team.readKey })).status).toBe(403);
    expect((await api.call('DELETE', `/v1/reports/brand/${report.id}`, { key: (await seedTeam(api)).writeKey })).status).toBe(403);
    expect((await api.call('GET', `/v1/reports/brand/${report.id}`, { key: team.readKey })).status).toBe(200);
  });
});
