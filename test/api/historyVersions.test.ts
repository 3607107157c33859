import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createBrandReport } from '../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import { importRuns } from '../../src/app/runs/import.js';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;
let promptId: string;
let reportId: string;

const DAY = 24 * 60 * 60 * 1000;
const WINDOW = 'startDate=2026-11-01&endDate=2026-11-03&country=us';
const INITECH = { brand: 'Initech', brandDomain: 'initech.com' };

interface Recalculation {
  version: number;
  state: string;
  versions: Array<{ version: number; state: string; detection: { competitors: Array<{ brand: string }> }; readableUntil: string | null }>;
}

interface Stats {
  allBrandsAnalysis: { brandMentions: Array<{ brand: string; mentions: number }> };
}

const get = <Body>(path: string) => api.call<Body>('GET', path, { key: team.readKey });
const recalculation = async () => (await get<Recalculation>(`/v1/reports/brand/${reportId}/recalculation`)).body;
const statsOf = (version?: number) => get<Stats>(`/v1/reports/brand/${reportId}/stats?${WINDOW}${version === undefined ? '' : `&version=${version}`}`);
const promptOf = (version?: number) =>
  get<{ brandRank: Array<{ brand: string }> }>(`/v1/reports/brand/${reportId}/prompts/${promptId}?${WINDOW}${version === undefined ? '' : `&version=${version}`}`);
const brandsOf = (stats: Stats) => stats.allBrandsAnalysis.brandMentions.map(({ brand }) => brand).sort();

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  promptId = (await createPrompt(api.context, { workspaceId: team.workspaceId, country: 'us', text: 'Best cloud suite?' })).id;
  const answers = ['Acme is great. Initech is fine.', 'Initech leads; Acme follows.', 'Acme alone.'];
  const lines = answers.map((content, index) =>
    JSON.stringify({ runId: `run-${index}`, promptId, engine: 'chatgpt', runDate: `2026-11-0${index + 1}T10:00:00Z`, content, citations: [] }),
  );
  await importRuns(api.context, lines);
  reportId = (await createBrandReport(api.context, { workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] })).id;
  await api.settle();
  await api.rebuild();
}, 30_000);
afterAll(() => api.close());

describe('history versions: ?version= on /stats and the prompt detail, versions in /recalculation', () => {
  test('the active version alone is listed, with its detection and no readableUntil; version=1 reads as the default', async () => {
    expect((await recalculation()).versions).toEqual([
      {
        version: 1,
        state: 'active',
        detection: { brand: 'Acme', brandVariations: [], brandRegex: null, brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false, competitors: [] },
        readableUntil: null,
      },
    ]);
    expect((await statsOf(1)).body).toEqual((await statsOf()).body);
    expect((await promptOf(1)).body).toEqual((await promptOf()).body);
  });

  test('during a rebuild the building version is listed and readable beside the active one', async () => {
    const patched = await api.call('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { competitors: [INITECH] } });
    expect(patched.status).toBe(200);
    const { versions } = await recalculation();
    expect(versions.map(({ version, state }) => ({ version, state }))).toEqual([
      { version: 1, state: 'active' },
      { version: 2, state: 'building' },
    ]);
    expect(versions[1]?.detection.competitors.map(({ brand }) => brand)).toEqual(['Initech']);
    const building = await statsOf(2);
    expect(building.status).toBe(200);
    expect(brandsOf(building.body)).toEqual(['Acme', 'Initech']);
    expect(brandsOf((await statsOf()).body)).toEqual(['Acme']);
  });

  test('after the switch the old version is retired and stays readable for 7 days, with its own figures', async () => {
    const switchedAt = api.clock.now.getTime();
    await api.rebuild();
    const { versions } = await recalculation();
    expect(versions.map(({ version, state, readableUntil }) => ({ version, state, readableUntil }))).toEqual([
      { version: 1, state: 'retired', readableUntil: new Date(switchedAt + 7 * DAY).toISOString() },
      { version: 2, state: 'active', readableUntil: null },
    ]);
    expect(brandsOf((await statsOf(1)).body)).toEqual(['Acme']);
    expect(brandsOf((await statsOf()).body)).toEqual(['Acme', 'Initech']);
    expect((await statsOf(1)).body.allBrandsAnalysis.brandMentions).toEqual([expect.objectContaining({ brand: 'Acme', mentions: 3 })]);
    expect((await promptOf(1)).body.brandRank.map(({ brand }) => brand)).toEqual(['Acme']);
    expect((await promptOf(2)).body.brandRank.map(({ brand }) => brand).sort()).toEqual(['Acme', 'Initech']);

    api.clock.now = new Date(switchedAt + 7 * DAY - 1000);
    expect((await statsOf(1)).status).toBe(200);
    api.clock.now = new Date(switchedAt + 7 * DAY);
    const expired = await statsOf(1);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ message: `Version 1 of brand report ${reportId}'s history is not readable` });
    expect((await promptOf(1)).status).toBe(404);
    expect((await recalculation()).versions.map(({ version }) => version)).toEqual([2]);
  });

  test('a superseded version and a version that never existed are 404', async () => {
    await api.call('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { competitors: [] } });
    await api.call('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { competitors: [INITECH, { brand: 'Hooli', brandDomain: 'hooli.com' }] } });
    const { versions } = await recalculation();
    expect(versions.map(({ version, state }) => ({ version, state }))).toEqual([
      { version: 2, state: 'active' },
      { version: 4, state: 'building' },
    ]);
    expect((await statsOf(3)).status).toBe(404);
    expect((await statsOf(99)).status).toBe(404);
    expect((await promptOf(99)).status).toBe(404);
  });

  test('a version that is not a positive integer is 400 naming the parameter', async () => {
    for (const bad of ['0', 'two', '1.5']) {
      const answer = await api.call<{ errors: Array<{ path: string }> }>('GET', `/v1/reports/brand/${reportId}/stats?${WINDOW}&version=${bad}`, { key: team.readKey });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.map(({ path }) => path)).toEqual(['version']);
    }
  });
});
