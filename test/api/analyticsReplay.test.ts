import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createKnownReport, seedKnownAnswers, WINDOW, type KnownAnswers } from './support/knownAnswers.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let known: KnownAnswers;

beforeAll(async () => {
  api = await startTestApi();
  known = await seedKnownAnswers(api);
}, 60_000);

afterAll(async () => api.close());

const newSettings = {
  brandVariations: ['Acme CRM', 'Freshsales'],
  competitors: [{ brand: 'Globex', brandDomain: 'globex.com', brandDomainVariations: ['g2.com'] }, { brand: 'Copper', brandDomain: 'copper.com' }],
};

/** Every analytics answer of the window, without the report id that differs between two reports. */
async function analytics(reportId: string): Promise<{ isRecalculating: unknown; figures: unknown }> {
  const get = async (path: string) => (await api.call<Record<string, unknown>>('GET', `/v1/reports/brand/${reportId}/${path}`, { key: known.team.readKey })).body;
  const { id: _id, isRecalculating, ...stats } = await get(`stats?${WINDOW}`);
  return {
    isRecalculating,
    figures: {
      stats,
      prompts: await get(`prompts?${WINDOW}`),
      citations: await get(`citations?${WINDOW}`),
      citationStats: await get(`citations/stats?${WINDOW}`),
      history: await get(`citations/history?url=${encodeURIComponent('https://www.g2.com/crm')}&${WINDOW}`),
      recommendations: await get('recommendations?country=us'),
    },
  };
}

describe('analytics across a detection change', () => {
  test('answer isRecalculating with the old figures during the rebuild, then exactly those of a fresh report with the new fields', async () => {
    const before = await analytics(known.reportId);
    expect(before.isRecalculating).toBe(false);

    const patched = await api.call('PATCH', `/v1/reports/brand/${known.reportId}`, { key: known.team.writeKey, body: newSettings });
    expect(patched.status).toBe(200);
    const during = await analytics(known.reportId);
    expect(during).toEqual({ isRecalculating: true, figures: before.figures });

    const fresh = await createKnownReport(api, known.team, [known.bestCrm, known.cheapestCrm, known.britain], newSettings);
    await api.settle();
    await api.rebuild();
    const after = await analytics(known.reportId);
    expect(after.isRecalculating).toBe(false);
    expect(after.figures).not.toEqual(before.figures);
    expect(after).toEqual(await analytics(fresh));
  }, 30_000);
});
