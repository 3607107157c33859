import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedDemo, type DemoCredentials } from '../../../src/app/demo/seedDemo.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { expectDownloadsEqualJson, expectTableDownloadsEqualTables } from './downloads.js';
import { ensureDashboardBuilt, newContext, settled, signInThroughPage, tabTo } from './support.js';

/** A filtered view: the downloads must carry these filters, so the CSV is the list the person is looking at. */
const FILTERED = 'startDate=2026-10-17&endDate=2026-11-15&country=us&engines=chatgpt,perplexity';

let api: TestApi;
let demo: DemoCredentials;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function open(path: string): Promise<void> {
  await page.goto(`${api.url}${path}`);
  await settled(page);
}

async function hrefs(): Promise<string[]> {
  return page.locator('a[data-download]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

describeWithChromium()('CSV downloads from the dashboard’s tables in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    demo = await seedDemo(api.context);
    const write = { key: demo.writeKey };
    // A pending check and fan-out give the audits and fan-outs lists a row each (no worker runs them here).
    expect((await api.call('POST', '/v1/audits/geo/crawlability-checks', { ...write, body: { workspaceId: demo.workspaceId, url: 'https://example.com/' } })).status).toBe(201);
    expect((await api.call('POST', '/v1/audits/query-fan-outs', { ...write, body: { workspaceId: demo.workspaceId, query: 'best crm for a small agency', country: 'us' } })).status).toBe(201);
    await api.rebuild();
    await api.settle();
    browser = await launchChromium();
    context = await newContext(browser);
    page = await context.newPage();
    await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
    await settled(page);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  test('each report screen’s download carries the view’s filters and no paging, and the saved CSV equals every JSON item', async () => {
    const report = `/reports/${demo.reportId}`;
    const compared: Record<string, number> = {};
    for (const path of [`${report}/prompts?${FILTERED}&offset=25`, `${report}/citations?${FILTERED}`, `${report}/recommendations?${FILTERED}`]) {
      await open(path);
      for (const href of await hrefs()) {
        expect(Object.fromEntries(new URLSearchParams(href.split('?')[1]))).toMatchObject({ country: 'us', engines: 'chatgpt,perplexity', format: 'csv' });
        expect(href).not.toMatch(/[?&](offset|limit|cursor)=/);
      }
      Object.assign(compared, await expectDownloadsEqualJson(page, api, demo.readKey));
    }
    await open(`${report}/prompts?${FILTERED}`);
    await page.locator('tbody tr th a').first().click();
    await settled(page);
    Object.assign(compared, await expectDownloadsEqualJson(page, api, demo.readKey));
    const rows = Object.entries(compared).map(([path, count]) => [path.replace(demo.reportId, 'R').replace(/prompts\/[^/]+/, 'prompts/P'), count > 0]);
    expect(Object.fromEntries(rows)).toEqual({
      '/v1/reports/brand/R/prompts': true,
      '/v1/reports/brand/R/citations': true,
      '/v1/reports/brand/R/recommendations': true,
      '/v1/reports/brand/R/prompts/P/ai-responses': true,
    });
    // The answers of one prompt span more than one JSON page: the CSV holds them all.
    expect(Object.values(compared).some((count) => count > 25)).toBe(true);
  }, 180_000);

  test('the reports, GEO audits and fan-outs lists download the workspace’s items as CSV', async () => {
    const compared: Record<string, number> = {};
    for (const path of ['/reports', `/audits?workspaceId=${demo.workspaceId}`, `/fan-outs?workspaceId=${demo.workspaceId}`]) {
      await open(path);
      Object.assign(compared, await expectDownloadsEqualJson(page, api, demo.readKey));
    }
    expect(compared).toEqual({ '/v1/reports/brand': 1, '/v1/audits/geo/crawlability-checks': 1, '/v1/audits/query-fan-outs': 1 });
  }, 120_000);

  test('the tables drawn from one answer (overview, cited domains, a prompt) save their rows as CSV, figures as the API’s raw values', async () => {
    const report = `/reports/${demo.reportId}`;
    const compared: Record<string, number> = {};
    await open(`${report}?${FILTERED}`);
    Object.assign(compared, await expectTableDownloadsEqualTables(page));
    await open(`${report}/citations?${FILTERED}`);
    Object.assign(compared, await expectTableDownloadsEqualTables(page));
    await open(`${report}/prompts?${FILTERED}`);
    await page.locator('tbody tr th a').first().click();
    await settled(page);
    Object.assign(compared, await expectTableDownloadsEqualTables(page));
    expect(Object.keys(compared).sort()).toEqual(['citation-categories', 'cited-domains', 'coverage-by-engine', 'prompt-brands', 'prompt-categories', 'share-of-voice']);
    expect(compared['share-of-voice']).toBe(5);
    expect(compared['coverage-by-engine']).toBe(2);
  }, 120_000);

  test('a download link is reached with the keyboard alone and named for its table', async () => {
    await open(`/reports/${demo.reportId}/citations?${FILTERED}`);
    await tabTo(page, 'a[data-download]', 'Download the cited URLs as CSV');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
  }, 60_000);
});
