import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedDemo, type DemoCredentials } from '../../../src/app/demo/seedDemo.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { ARTIFACTS, ensureDashboardBuilt, expectAccessible, expectParity, newContext, settled, signInThroughPage } from './support.js';

const DEMO_WINDOW = 'startDate=2026-10-17&endDate=2026-11-15&country=us';

let api: TestApi;
let demo: DemoCredentials;
let browser: Browser;
let context: BrowserContext;
let page: Page;

describeWithChromium()('editing detection from the dashboard in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    demo = await seedDemo(api.context);
    await api.settle();
    // The demo's first history is built here as `serve`'s rebuilder would, so the edit makes a second version beside it.
    await api.rebuild();
    browser = await launchChromium();
    context = await newContext(browser);
    page = await context.newPage();
    await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
    await settled(page);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  test('a saved edit goes through the same PATCH; the progress, then the old and the new history side by side while and after it rebuilds', async () => {
    await page.goto(`${api.url}/reports/${demo.reportId}/detection?${DEMO_WINDOW}`);
    await settled(page);
    await page.fill('#brandVariations', 'Nimbus\nNimbus Cloud');
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save and recalculate' }).click();
    expect((await patched).status()).toBe(200);
    await page.locator('[data-state=running]').waitFor();
    const panels = page.locator('section.version');
    await panels.nth(1).waitFor();
    await settled(page);
    expect(await panels.evaluateAll((sections) => sections.map((section) => `${section.dataset.version} ${section.querySelector('h3')?.textContent}`))).toEqual([
      '1 Version 1 (active)',
      '2 Version 2 (building)',
    ]);
    expect(await expectParity(page, api, demo.readKey)).toBeGreaterThan(0);
    await page.screenshot({ path: `${ARTIFACTS}/detection-running.png`, fullPage: true });
    await expectAccessible(page);

    await api.rebuild();
    await page.locator('[data-state=finished]').waitFor();
    const report = await api.call<{ brandVariations: string[]; competitors: Array<{ brand: string; brandVariations: string[] }> }>(
      'GET',
      `/v1/reports/brand/${demo.reportId}`,
      { key: demo.readKey },
    );
    expect(report.body.brandVariations).toEqual(['Nimbus', 'Nimbus Cloud']);
    expect(report.body.competitors.find((competitor) => competitor.brand === 'Zoho CRM')?.brandVariations).toEqual(['Zoho']);
    expect(await page.locator('.recalculation p').textContent()).toMatch(/^Finished: \d+ runs recalculated$/);
    await page.locator('section.version h3', { hasText: 'Version 2 (active)' }).waitFor();
    await settled(page);
    expect(await panels.locator('h3').allTextContents()).toEqual(['Version 1 (retired)', 'Version 2 (active)']);
    for (const chart of await panels.locator('figure[data-chart]').all()) {
      expect(await chart.getAttribute('data-series-count')).toBe('5');
      expect(await chart.getAttribute('data-point-count')).toBe('30');
    }
    expect(await expectParity(page, api, demo.readKey)).toBeGreaterThan(0);
    await page.screenshot({ path: `${ARTIFACTS}/detection-finished.png`, fullPage: true });
  }, 60_000);

  test('a refused edit shows the API’s reason on the form', async () => {
    await page.goto(`${api.url}/reports/${demo.reportId}/detection?${DEMO_WINDOW}`);
    await settled(page);
    await page.fill('#brandRegex', '(unclosed');
    await page.getByRole('button', { name: 'Save and recalculate' }).click();
    await page.locator('.detection + [role=alert]').waitFor();
    expect(await page.locator('.detection + [role=alert]').textContent()).toMatch(/^Check the input\. Invalid body: brandRegex: Invalid brandRegex: .*missing \)/);
  });
});
