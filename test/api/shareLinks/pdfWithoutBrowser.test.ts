import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { shareLinks, sharePath, type CreatedLink } from './fixture.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;

beforeAll(async () => {
  api = await startTestApi({ environment: { CHROMIUM_PATH: '/nonexistent/chromium' } });
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  await api.settle();
}, 60_000);
afterAll(() => api.close());

describe('report PDFs without a browser (CHROMIUM_PATH names no file)', () => {
  test('the report’s PDF answers 503 saying what is missing', async () => {
    const answer = await api.call<{ message: string }>('GET', `/v1/reports/brand/${reportId}/report.pdf?startDate=2026-11-01&endDate=2026-11-15&country=us`, { key: team.readKey });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toContain('/nonexistent/chromium');
  });

  test('a share link’s PDF answers 503 too, while its page still opens', async () => {
    const link = (await api.call<CreatedLink>('POST', shareLinks(reportId), { key: team.writeKey, body: {} })).body;
    const pdf = await api.call<{ message: string }>('GET', `${sharePath(link.url)}/report.pdf`);
    expect(pdf.status).toBe(503);
    expect(pdf.body.message).toMatch(/^Report PDFs are printed by a browser\./);
    expect((await api.call('GET', sharePath(link.url))).status).toBe(200);
  });
});
