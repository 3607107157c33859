import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../../src/app/credentials/credentials.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { testWorker, type TestWorker } from '../../api/audits/support.js';
import { seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { ensureDashboardBuilt, inspectScreen, newContext, settled, signInThroughPage, tabTo } from './support.js';

const EMAIL = 'fan-outs@example.com';
const PASSWORD = 'fan-outs screen password';
const QUESTION = 'best crm for a small agency';

let api: TestApi;
let team: SeededTeam;
let worker: TestWorker;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function signIn(): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
  await signInThroughPage(page, api.url, EMAIL, PASSWORD);
  await settled(page);
}

/** Waits for the data, not for time: until the fan-out on the screen has completed or failed. */
async function finished(): Promise<string> {
  const status = page.locator('[data-status="completed"], [data-status="failed"]');
  await status.waitFor({ timeout: 60_000 });
  return (await status.getAttribute('data-status')) ?? '';
}

describeWithChromium()('the query fan-out screens in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    team = await seedTeam(api, { plan: 'premium' });
    await createUser(api.context, { teamId: team.teamId, email: EMAIL, permission: 'write', workspaceIds: 'all', password: PASSWORD });
    await api.settle();
    worker = testWorker(api);
    worker.start();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await api?.close();
  });

  test('a fan-out started from the page is followed to its queries per engine, with type, intent and reasoning, every figure the API’s', async () => {
    await signIn();
    await page.goto(`${api.url}/fan-outs?workspaceId=${team.workspaceId}`);
    await settled(page);
    await page.fill('#fan-out-query', QUESTION);
    await page.fill('#fan-out-country', 'uk');
    await page.getByRole('button', { name: 'Start fan-out' }).click();
    await page.waitForURL(/\/fan-outs\/[^/?]+\?/);
    expect(await finished()).toBe('completed');
    expect(await page.locator('[data-metric="country"]').getAttribute('data-value')).toBe('uk');
    const engines = await page.locator('[data-metric$=".engine"]').evaluateAll((found) => found.map((element) => element.getAttribute('data-value')));
    expect(engines).toEqual(['chatgpt', 'google_ai_mode', 'gemini']);
    for (const field of ['type', 'userIntent', 'reasoning']) expect(await page.locator(`[data-metric$=".${field}"]`).count()).toBeGreaterThanOrEqual(9);
    expect(await inspectScreen(page, api, team.readKey, 'fan-out')).toBeGreaterThan(40);

    await page.getByRole('link', { name: 'Query fan-outs' }).last().click();
    await settled(page);
    expect(await page.locator('tbody th a').allTextContents()).toEqual([QUESTION]);
    expect(await inspectScreen(page, api, team.readKey, 'fan-outs')).toBe(3);
  }, 120_000);

  test('the fan-outs are reachable and usable with the keyboard alone', async () => {
    await signIn();
    await tabTo(page, 'header nav a', 'Query fan-outs');
    await page.keyboard.press('Enter');
    await settled(page);
    await tabTo(page, '#fan-out-query');
    await page.keyboard.type('project management tools');
    await tabTo(page, 'input[value="perplexity"]');
    await page.keyboard.press('Space');
    await tabTo(page, 'button[type=submit]', 'Start fan-out');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/fan-outs\/[^/?]+\?/);
    expect(await finished()).toBe('completed');
    expect(await page.locator('[data-metric$=".engine"]').evaluateAll((found) => found.map((element) => element.getAttribute('data-value')))).toContain('perplexity');
    await tabTo(page, '.crumbs a', 'Query fan-outs');
    await page.keyboard.press('Enter');
    await settled(page);
    await tabTo(page, 'tbody th a', 'project management tools');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/fan-outs\/[^/?]+\?/);
    expect(await finished()).toBe('completed');
  }, 90_000);
});
