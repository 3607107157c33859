import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../../src/app/credentials/credentials.js';
import { seedDemo, type DemoCredentials } from '../../../src/app/demo/seedDemo.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { seedReport, seedTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { ARTIFACTS, ensureDashboardBuilt, newContext, settled, signInThroughPage, TODAY } from './support.js';

let api: TestApi;
let demo: DemoCredentials;
let browser: Browser;
let context: BrowserContext;
let otherTeamReportId: string;

const alertText = (page: Page) => page.locator('[role=alert]').first().textContent();

/** A fresh browser context (no cookie) with one page. */
async function freshPage(): Promise<Page> {
  await context?.close();
  context = await newContext(browser);
  return context.newPage();
}

describeWithChromium()('signing in to the dashboard in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    demo = await seedDemo(api.context);
    const other = await seedTeam(api);
    otherTeamReportId = await seedReport(api, other.workspaceId, { brand: 'Other team brand' });
    await api.settle();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  test('the right e-mail and password open the reports of the team', async () => {
    const page = await freshPage();
    await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
    await settled(page);
    expect(await page.locator('h1').textContent()).toBe('Reports');
    expect(await page.locator(`tr[data-id="${demo.reportId}"] th a`).textContent()).toBe('Nimbus CRM visibility');
    expect(await page.locator('header .who').textContent()).toBe(demo.user.email);
  });

  test('a wrong password says so on the sign-in form and sets no cookie', async () => {
    const page = await freshPage();
    await signInThroughPage(page, api.url, demo.user.email, 'not the password');
    expect(await alertText(page)).toBe('Wrong e-mail or password');
    expect(await page.locator('h1').textContent()).toBe('Sign in to geolens');
    expect(await context.cookies()).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/sign-in-wrong-password.png` });
  });

  test('after five wrong passwords the form says how long to wait', async () => {
    const email = 'throttled@example.com';
    await createUser(api.context, { teamId: demo.teamId, email, permission: 'read', workspaceIds: 'all', password: 'right password 123' });
    await api.settle();
    const page = await freshPage();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signInThroughPage(page, api.url, email, `wrong ${attempt}`);
      expect(await alertText(page)).toBe('Wrong e-mail or password');
    }
    await signInThroughPage(page, api.url, email, 'right password 123');
    expect(await alertText(page)).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
  });

  test('an expired session sends the user back to sign in with the reason', async () => {
    const page = await freshPage();
    await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
    await settled(page);
    api.clock.now = new Date(TODAY.getTime() + 13 * 60 * 60 * 1000);
    try {
      await page.locator(`tr[data-id="${demo.reportId}"] th a`).click();
      await page.locator('[role=alert]').waitFor();
      expect(await alertText(page)).toBe('Your session expired; sign in again');
      expect(await page.locator('h1').textContent()).toBe('Sign in to geolens');
      await page.reload();
      expect(await alertText(page)).toBe('Your session expired; sign in again');
    } finally {
      api.clock.now = TODAY;
    }
  });

  test('a write through the cookie without the X-CSRF-Token header is refused with 403', async () => {
    const page = await freshPage();
    await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
    await settled(page);
    const refused = await page.evaluate(async (path) => {
      const response = await fetch(path, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reportTitle: 'Renamed' }) });
      return { status: response.status, body: await response.json() };
    }, `/v1/reports/brand/${demo.reportId}`);
    expect(refused).toEqual({ status: 403, body: { message: 'Missing or wrong X-CSRF-Token header' } });
  });

  test("another team's report shows the refusal, not a blank screen", async () => {
    const page = await freshPage();
    await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
    await settled(page);
    await page.goto(`${api.url}/reports/${otherTeamReportId}`);
    await settled(page);
    const answer = await page.evaluate(async (path) => {
      const response = await fetch(path);
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    }, `/v1/reports/brand/${otherTeamReportId}`);
    expect(answer.status).toBe(403);
    expect(await alertText(page)).toBe(`You do not have access to this. ${answer.message}`);
    await page.screenshot({ path: `${ARTIFACTS}/another-team-report.png` });
  });

  test('signing out ends the session: the cookie no longer reads anything', async () => {
    const page = await freshPage();
    await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
    await settled(page);
    const [cookie] = await context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(await alertText(page)).toBe('You signed out.');
    const after = await api.call('GET', '/v1/workspaces', { headers: { cookie: `${cookie?.name}=${cookie?.value}` } });
    expect(after.status).toBe(401);
  });
});
