import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runGeolens } from '../support/cli.js';
import { reportTags } from '../../src/app/brandReports/edit/queries.js';
import { brandReportResource } from '../../src/app/brandReports/resource.js';
import { deletePrompt, replacePromptTags } from '../../src/app/prompts/prompts.js';
import { deleteTag } from '../../src/app/tags/tags.js';
import { reportPromptIds } from '../../src/domain/brandReport/events.js';
import { brandReportCollection, reportState } from '../../src/projections/brandReports/reader.js';
import { seedPrompts, seedReport, seedTag, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

describe('GET /v1/reports/brand/{reportId}', () => {
  test('answers the report with countries, prompt totals per country and the tags of its prompts', async () => {
    const buying = await seedTag(api, team.workspaceId, 'Buying intent');
    const comparison = await seedTag(api, team.workspaceId, 'Comparison');
    const promptIds = await seedPrompts(api, team.workspaceId, [
      { country: 'us', tagIds: [comparison] },
      { country: 'us', tagIds: [buying, comparison] },
      { country: 'uk' },
    ]);
    await seedPrompts(api, team.workspaceId, [{ country: 'de' }]);
    const reportId = await seedReport(api, team.workspaceId, { brand: 'Acme', promptIds });
    await api.settle();

    const { status, body } = await api.call('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });

    expect(status).toBe(200);
    expect(body).toEqual({
      id: reportId,
      workspaceId: team.workspaceId,
      brand: 'Acme',
      reportTitle: 'Acme',
      brandVariations: [],
      brandDomain: 'acme.com',
      brandDomainVariations: [],
      brandDomainWildcard: false,
      brandRegex: null,
      countries: ['uk', 'us'],
      createdDate: '2026-11-15T10:00:00.000Z',
      updatedDate: '2026-11-15T10:00:00.000Z',
      competitors: [],
      promptIds,
      countryPromptsTotal: { us: 2, uk: 1 },
      defaultCountry: 'us',
      tags: [
        { id: buying, name: 'Buying intent', color: 'blue' },
        { id: comparison, name: 'Comparison', color: 'blue' },
      ],
    });
  });

  test('the detail, answered from memory, follows its prompts’ tags and equals the one built from the read models at each step', async () => {
    const [zeta, alpha, beta] = [await seedTag(api, team.workspaceId, 'Zeta'), await seedTag(api, team.workspaceId, 'alpha'), await seedTag(api, team.workspaceId, 'Beta')];
    const promptIds = await seedPrompts(api, team.workspaceId, [{ country: 'us', tagIds: [zeta] }, { country: 'de', tagIds: [alpha, zeta] }, { country: 'us' }]);
    const reportId = await seedReport(api, team.workspaceId, { brand: 'Tagged', promptIds });
    /** The detail as the read models give it: the brandReports document and the directory's prompts and tags. */
    const fromReadModels = async () => {
      const document = await (await brandReportCollection(api.services.readModels)).findOne({ _id: reportId });
      if (!document) throw new Error(`${reportId} is not in the read model`);
      const state = reportState(document);
      return brandReportResource(state, await reportTags(api.services, reportPromptIds(state)));
    };
    const tagNames = async () => {
      await api.settle();
      const { status, body } = await api.call<{ tags: Array<{ name: string }> }>('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });
      expect(status).toBe(200);
      expect(body).toEqual(await fromReadModels());
      return body.tags.map(({ name }) => name);
    };

    expect(await tagNames()).toEqual(['alpha', 'Zeta']);
    await replacePromptTags(api.context, { workspaceId: team.workspaceId, promptId: promptIds[2] as string, tagIds: [beta] });
    expect(await tagNames()).toEqual(['alpha', 'Beta', 'Zeta']);
    await deleteTag(api.context, { workspaceId: team.workspaceId, tagId: zeta });
    expect(await tagNames()).toEqual(['alpha', 'Beta']);
    await deletePrompt(api.context, { workspaceId: team.workspaceId, teamId: team.teamId }, { workspaceId: team.workspaceId, promptId: promptIds[1] as string });
    expect(await tagNames()).toEqual(['Beta']);
    const patched = await api.call('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { reportTitle: 'Renamed' } });
    expect(patched.status).toBe(200);
    // Read-your-writes: the next GET of the same client already shows the edit.
    expect((await api.call('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey })).body).toMatchObject({ reportTitle: 'Renamed' });
  });

  test('a key scoped to the report’s workspace reads it', async () => {
    const reportId = await seedReport(api, team.workspaceId);
    await api.settle();
    expect((await api.call('GET', `/v1/reports/brand/${reportId}`, { key: team.scopedReadKey })).status).toBe(200);
  });

  test('404 for a report that does not exist', async () => {
    const { status, body } = await api.call('GET', '/v1/reports/brand/br_doesnotexist', { key: team.readKey });
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Brand report br_doesnotexist not found' });
  });

  test('403 for a report in a workspace the key cannot read', async () => {
    const reportId = await seedReport(api, team.otherWorkspaceId);
    await api.settle();
    const { status, body } = await api.call('GET', `/v1/reports/brand/${reportId}`, { key: team.scopedReadKey });
    expect(status).toBe(403);
    expect(body).toEqual({ message: `This API key has no access to brand report ${reportId}` });
  });

  test('403 for a report of another team', async () => {
    const otherTeam = await seedTeam(api);
    const reportId = await seedReport(api, otherTeam.workspaceId);
    await api.settle();
    const { status, body } = await api.call('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });
    expect(status).toBe(403);
    expect(body).toEqual({ message: `This API key has no access to brand report ${reportId}` });
  });

  test('a report `geolens report create` writes from another process is served once the projections catch up', async () => {
    const created = await runGeolens(api.dataDir, 'report', 'create', '--workspace', team.workspaceId, '--brand', 'Initech', '--domain', 'initech.com', '--json');
    expect(created).toMatchObject({ status: 0, stderr: '' });
    const { id } = JSON.parse(created.stdout) as { id: string };
    // The server's runner learns of the other process's commit from the shared file, not from this process.
    await api.settle();
    const { status, body } = await api.call('GET', `/v1/reports/brand/${id}`, { key: team.readKey });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, brand: 'Initech', brandDomain: 'initech.com', workspaceId: team.workspaceId });
  }, 30_000);
});
