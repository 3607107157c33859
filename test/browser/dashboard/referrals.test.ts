import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedDemo, type DemoCredentials } from '../../../src/app/demo/seedDemo.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { createUser } from '../../../src/app/credentials/credentials.js';
import { seedReport, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { expectDownloadsEqualJson } from './downloads.js';
import { ARTIFACTS, ensureDashboardBuilt, expectParity, inspectScreen, newContext, settled, signInThroughPage, tabTo } from './support.js';

const DEMO_WINDOW = 'startDate=2026-10-17&endDate=2026-11-15&country=us';
const EMAIL = 'referrals@example.com';
const PASSWORD = 'ai referrals screen password';

let api: TestApi;
let demo: DemoCredentials;
let team: SeededTeam;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface ReferralsAnswer {
  availability: string;
  visits: number | null;
  byEngine: Array<{ engine: string; visits: number }> | null;
  daily: unknown[] | null;
  landingPages: Array<{ path: string; citations: number }> | null;
}

async function signInAs(email: string, password: string): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
  await signInThroughPage(page, api.url, email, password);
  await settled(page);
}

const referrals = async (reportId: string, query: string, key: string) =>
  (await api.call<ReferralsAnswer>('GET', `/v1/reports/brand/${reportId}/agent-analytics/referrals?${query}`, { key })).body;

const shown = (metric: string) => page.locator(`[data-metric="${metric}"]`).first().getAttribute('data-value');

describeWithChromium()('the AI referrals view in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    demo = await seedDemo(api.context);
    team = await seedTeam(api);
    await createUser(api.context, { teamId: team.teamId, email: EMAIL, permission: 'write', workspaceIds: 'all', password: PASSWORD });
    await api.settle();
    // The report history the citations come from is built by the rebuilder, which the test API runs on demand.
    await api.rebuild();
    await api.settle();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  test('on the demo the view shows the visits and sessions per engine and day and the landing pages beside their citations, every figure the API’s', async () => {
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports/${demo.reportId}/agents?${DEMO_WINDOW}`);
    await settled(page);
    await page.getByRole('link', { name: 'AI referrals' }).click();
    await settled(page);
    expect(new URL(page.url()).searchParams.get('view')).toBe('referrals');
    const answer = await referrals(demo.reportId, 'startDate=2026-10-17&endDate=2026-11-15', demo.readKey);
    expect(answer.availability).toBe('connected_with_data');
    expect(await shown('visits')).toBe(String(answer.visits));
    const chart = page.locator('figure[data-chart="Referral visits per day by engine"]');
    expect(await chart.getAttribute('data-series-count')).toBe(String(answer.byEngine?.filter((engine) => engine.visits > 0).length));
    expect(await chart.getAttribute('data-point-count')).toBe('30');
    expect(await page.locator('tr[data-id]').filter({ has: page.locator('[data-metric^="daily."]') }).count()).toBe(answer.daily?.length);
    // The demo's answers cite its pricing and feature pages: some landing page has citing runs, and the table shows them.
    const cited = answer.landingPages?.filter(({ citations }) => citations > 0) ?? [];
    expect(cited.length).toBeGreaterThan(0);
    const citedRow = page.locator(`tr[data-id="${cited[0]?.path}"] [data-metric$=".citations"]`);
    expect(await citedRow.getAttribute('data-value')).toBe(String(cited[0]?.citations));
    expect(await inspectScreen(page, api, demo.readKey, 'referrals-demo')).toBeGreaterThan(60);
    expect(Object.values(await expectDownloadsEqualJson(page, api, demo.readKey))).toEqual([answer.landingPages?.length]);
    await page.screenshot({ path: `${ARTIFACTS}/referrals-demo-1440-view.png`, fullPage: true });
  }, 120_000);

  test('the engines are checked with the keyboard, live in the URL, and every read and download follows them', async () => {
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports/${demo.reportId}/agents?${DEMO_WINDOW}&view=referrals`);
    await settled(page);
    await tabTo(page, 'input[name="referral-engine"][value="perplexity"]');
    await page.keyboard.press('Space');
    await settled(page);
    await page.waitForURL((url) => url.searchParams.get('referralEngines') === 'perplexity');
    await settled(page);
    const sources = await page.$$eval('[data-source]', (found) => found.map((element) => element.getAttribute('data-source') ?? ''));
    expect(sources.length).toBeGreaterThan(1);
    expect(sources.filter((source) => !source.includes('engines=perplexity'))).toEqual([]);
    expect(await page.locator('tbody tr[data-id]').first().getAttribute('data-id')).toBe('perplexity');
    expect(await expectParity(page, api, demo.readKey)).toBeGreaterThan(10);
    const answer = await referrals(demo.reportId, 'startDate=2026-10-17&endDate=2026-11-15&engines=perplexity', demo.readKey);
    expect(await shown('visits')).toBe(String(answer.visits));
    expect(await page.locator('a.download').getAttribute('href')).toMatch(/engines=perplexity/);
    await tabTo(page, '.views a', 'AI crawler visits');
    await page.keyboard.press('Enter');
    await settled(page);
    expect(new URL(page.url()).searchParams.has('view')).toBe(false);
    expect(await page.locator('figure[data-chart="Visits per day by engine"]').count()).toBe(1);
  }, 90_000);

  test('a report without logs says that nothing is measured, and names what would never be', async () => {
    const reportId = await seedReport(api, team.workspaceId, { brand: 'Acme' });
    await api.settle();
    await signInAs(EMAIL, PASSWORD);
    await page.goto(`${api.url}/reports/${reportId}/agents?view=referrals`);
    await settled(page);
    expect(await shown('availability')).toBe('not_connected');
    expect(await page.locator('.availability').textContent()).toMatch(/No access log of acme\.com has been read/);
    expect(await inspectScreen(page, api, team.readKey, 'referrals-not-connected')).toBe(1);
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports/${demo.reportId}/agents?view=referrals&startDate=2026-01-01&endDate=2026-01-30`);
    await settled(page);
    expect(await shown('availability')).toBe('connected_no_data');
    expect(await page.locator('.availability').textContent()).toMatch(/AI Overviews and AI Mode \(google, google_ai_mode\) are not counted/);
    expect(await inspectScreen(page, api, demo.readKey, 'referrals-no-data')).toBeGreaterThan(5);
  }, 90_000);
});
