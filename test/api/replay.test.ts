import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createBrandReport } from '../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import { importRuns } from '../../src/app/runs/import.js';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;
let promptIds: string[];
const window = 'startDate=2026-11-01&endDate=2026-11-03&country=us';
const rebuild = () => api.rebuild();

const newSettings = {
  brandVariations: ['Acme Cloud', 'AcmeSoft'],
  competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }, { brand: 'Hooli', brandDomain: 'hooli.com', brandVariations: ['Hooli XYZ'] }],
};

const answers = [
  'Acme Cloud is great. Globex is bad. Initech is fine.',
  'AcmeSoft and Hooli XYZ lead; Globex trails. Hooli is excellent.',
  'I could not find any information about Initech. Acme is terrible.',
];

async function createReport(fields: object): Promise<string> {
  const { id } = await createBrandReport(api.context, { workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds, ...fields });
  return id;
}

/** Everything the report endpoints answer for the window, without the ids that differ between two reports. */
async function figures(reportId: string): Promise<unknown> {
  const get = async (path: string) => (await api.call<Record<string, unknown>>('GET', path, { key: team.readKey })).body;
  const perPrompt = [];
  for (const promptId of promptIds) {
    const { brandRank, brandCoverageHistory, domainCategories } = await get(`/v1/reports/brand/${reportId}/prompts/${promptId}?${window}`);
    const { items } = await get(`/v1/reports/brand/${reportId}/prompts/${promptId}/ai-responses?${window}`);
    const mentions = (items as Array<{ runId: string; brandMentions: unknown }>).map(({ runId, brandMentions }) => ({ runId, brandMentions }));
    perPrompt.push({ brandRank, brandCoverageHistory, domainCategories, mentions });
  }
  const cited = await get(`/v1/reports/brand/${reportId}/citations/prompts?url=${encodeURIComponent('https://acme.com/')}&${window}`);
  return { perPrompt, cited };
}

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  promptIds = [
    (await createPrompt(api.context, { workspaceId: team.workspaceId, country: 'us', text: 'Best cloud suite?' })).id,
    (await createPrompt(api.context, { workspaceId: team.workspaceId, country: 'us', text: 'Cheapest cloud suite?' })).id,
  ];
  const lines = promptIds.flatMap((promptId, promptIndex) =>
    answers.map((content, index) =>
      JSON.stringify({
        runId: `${promptIndex}-${index}`,
        promptId,
        engine: ['chatgpt', 'gemini', 'claude'][index],
        runDate: `2026-11-0${index + 1}T10:00:00Z`,
        content,
        citations: [{ title: 'Acme', link: 'https://acme.com/', rank: 1 }, { title: 'Hooli', link: 'https://hooli.com/x', rank: 2 }],
      }),
    ),
  );
  expect(await importRuns(api.context, lines)).toEqual({ imported: 6, skipped: 0 });
}, 30_000);

afterAll(async () => api.close());

describe('replay after a detection change', () => {
  test('serves the old figures during the rebuild and, once it finishes, exactly those of a fresh report with the new fields', async () => {
    const changed = await createReport({ competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }] });
    await api.settle();
    await rebuild();
    const before = await figures(changed);

    const patched = await api.call('PATCH', `/v1/reports/brand/${changed}`, { key: team.writeKey, body: newSettings });
    expect(patched.status).toBe(200);
    expect((await api.call('GET', `/v1/reports/brand/${changed}/recalculation`, { key: team.readKey })).body).toMatchObject({ state: 'running' });
    expect(await figures(changed)).toEqual(before);

    const fresh = await createReport(newSettings);
    await api.settle();
    await rebuild();
    expect((await api.call('GET', `/v1/reports/brand/${changed}/recalculation`, { key: team.readKey })).body).toMatchObject({ state: 'finished' });
    const after = await figures(changed);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await figures(fresh));
  }, 30_000);
});
