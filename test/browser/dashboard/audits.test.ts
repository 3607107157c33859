import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../../src/app/credentials/credentials.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { testWorker, type TestWorker } from '../../api/audits/support.js';
import { seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { startGptBotBlockingSite, type FixtureServer } from '../../support/fixtureSites/index.js';
import { ensureDashboardBuilt, inspectScreen, newContext, settled, signInThroughPage, tabTo } from './support.js';

const PASSWORD = 'audits screen password';
const RUN_TIMEOUT = 60_000;

let api: TestApi;
let team: SeededTeam;
let worker: TestWorker;
let site: FixtureServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A team whose user signs in to `server`: the e-mail is unique per server. */
async function teamWithUser(server: TestApi, plan: 'premium' | 'trial'): Promise<SeededTeam & { email: string }> {
  const seeded = await seedTeam(server, { plan });
  const email = `${plan}@example.com`;
  await createUser(server.context, { teamId: seeded.teamId, email, permission: 'write', workspaceIds: 'all', password: PASSWORD });
  await server.settle();
  return { ...seeded, email };
}

async function signIn(server: TestApi, email: string): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
  await signInThroughPage(page, server.url, email, PASSWORD);
  await settled(page);
}

/** Waits for the data, not for time: until the run on the screen has completed (or failed, which the test then shows). */
async function finished(): Promise<string> {
  const status = page.locator('[data-status="completed"], [data-status="failed"]');
  await status.waitFor({ timeout: RUN_TIMEOUT });
  return (await status.getAttribute('data-status')) ?? '';
}

async function start(kind: 'crawlability' | 'content', url: string): Promise<void> {
  await page.goto(`${api.url}/audits?workspaceId=${team.workspaceId}&kind=${kind}`);
  await settled(page);
  await page.fill('#audit-url', url);
  await page.getByRole('button', { name: `Start ${kind} check` }).click();
  await page.waitForURL(new RegExp(`/audits/${kind}/`));
}

describeWithChromium()('the GEO audit screens in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  describe('checks run by the worker', () => {
    beforeAll(async () => {
      [api, site] = await Promise.all([startTestApi({ environment: { AUDIT_ALLOW_PRIVATE_NETWORKS: '1' } }), startGptBotBlockingSite()]);
      team = await teamWithUser(api, 'premium');
      worker = testWorker(api, { allowPrivateNetworks: true });
      worker.start();
    }, 90_000);

    afterAll(async () => {
      await worker?.close();
      await Promise.all([api?.close(), site?.close()]);
    });

    test('a crawlability check started from the page is followed to its result: a table per purpose, every figure the API’s', async () => {
      await signIn(api, 'premium@example.com');
      await start('crawlability', `${site.origin}/blog/post`);
      expect(await finished()).toBe('completed');
      const gptBot = page.locator('tr[data-id="GPTBot"]');
      expect(await gptBot.locator('[data-metric="robotsTxtAnalysis.GPTBot"]').textContent()).toBe('disallowed');
      expect(await gptBot.locator('[data-metric="serverBotAccess.GPTBot.status"]').getAttribute('data-value')).toBe('200');
      expect(await page.locator('tr[data-id="ClaudeBot"] [data-metric="robotsTxtAnalysis.ClaudeBot"]').textContent()).toBe('allowed');
      expect(await page.locator('table caption').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Training/), expect.stringMatching(/^Search/), expect.stringMatching(/^User fetch/)]));
      for (const signal of ['search', 'ai-input', 'ai-train']) expect(await page.locator(`[data-metric="contentSignals.${signal}"]`).count()).toBe(1);
      expect(await inspectScreen(page, api, team.readKey, 'audits-crawlability-check')).toBeGreaterThan(40);

      await page.getByRole('link', { name: 'GEO audits' }).last().click();
      await settled(page);
      expect(await page.locator('tbody tr').count()).toBe(1);
      expect(await inspectScreen(page, api, team.readKey, 'audits-crawlability-list')).toBe(2);
    }, 120_000);

    test('a content check shows its four category scores with each item against its maxScore, static against rendered, and the analyses', async () => {
      await signIn(api, 'premium@example.com');
      await start('content', `${site.origin}/blog/post`);
      expect(await finished()).toBe('completed');
      expect(await page.locator('[data-metric^="structuralAnalysis."][data-metric$=".breakdown.titleTag.maxScore"]').getAttribute('data-value')).toBe('30');
      expect(await page.locator('[data-metric$=".maxScore"]').count()).toBe(15);
      for (const category of ['metadata', 'technical', 'structure', 'content']) expect(await page.locator(`[data-metric="structuralAnalysis.${category}.score"]`).count()).toBe(1);
      for (const length of ['staticLength', 'dynamicLength']) expect(await page.locator(`[data-metric="dynamicContent.${length}"]`).count()).toBe(1);
      expect(await page.locator('blockquote [data-metric$=".description"]').count()).toBe(4);
      expect(await inspectScreen(page, api, team.readKey, 'audits-content-check')).toBeGreaterThan(40);
      await page.goto(`${api.url}/audits?workspaceId=${team.workspaceId}&kind=content`);
      await settled(page);
      expect(await inspectScreen(page, api, team.readKey, 'audits-content-list')).toBe(2);
    }, 120_000);

    test('every audit screen is reachable and usable with the keyboard alone', async () => {
      await signIn(api, 'premium@example.com');
      await tabTo(page, 'header nav a', 'GEO audits');
      await page.keyboard.press('Enter');
      await settled(page);
      await tabTo(page, '#audit-url');
      await page.keyboard.type(`${site.origin}/private/plans`);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/audits\/crawlability\//);
      expect(await finished()).toBe('completed');
      await tabTo(page, '.crumbs a', 'GEO audits');
      await page.keyboard.press('Enter');
      await settled(page);
      await tabTo(page, 'nav.tabs a', 'Content');
      await page.keyboard.press('Enter');
      await page.locator('#crawler-identity').waitFor();
      await settled(page);
      await tabTo(page, '#audit-url');
      await page.keyboard.type(`${site.origin}/blog/post`);
      await tabTo(page, '#crawler-identity');
      await page.keyboard.press('ArrowDown');
      expect(await page.locator('#crawler-identity').inputValue()).toBe('OAI-SearchBot');
      await tabTo(page, 'button[type=submit]', 'Start content check');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/audits\/content\//);
      expect(await finished()).toBe('completed');
      expect(await page.locator('[data-metric="crawlerIdentity"]').textContent()).toBe('OAI-SearchBot');
      await tabTo(page, '.crumbs a', 'GEO audits');
      await page.keyboard.press('Enter');
      await settled(page);
      await tabTo(page, 'tbody th a');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/audits\/content\//);
      expect(await finished()).toBe('completed');
    }, 90_000);
  });

  describe('checks the server refuses', () => {
    let refusing: TestApi;
    let trial: SeededTeam & { email: string };

    beforeAll(async () => {
      refusing = await startTestApi({ environment: { CHROMIUM_PATH: '/nonexistent/bin/chromium' } });
      trial = await teamWithUser(refusing, 'trial');
    }, 90_000);

    afterAll(() => refusing?.close());

    const startOn = async (kind: 'crawlability' | 'content') => {
      await page.goto(`${refusing.url}/audits?workspaceId=${trial.workspaceId}&kind=${kind}`);
      await settled(page);
      await page.fill('#audit-url', 'https://example.com/');
      await page.getByRole('button', { name: `Start ${kind} check` }).click();
      return page.locator('form.start [role="alert"]').textContent();
    };

    test('a content check without a browser says what to install, and one beyond the quota says the quota is used', async () => {
      await signIn(refusing, trial.email);
      const noBrowser = await startOn('content');
      expect(noBrowser).toMatch(/^The server cannot do this now\./);
      expect(noBrowser).toContain('apt-get install -y chromium');
      for (let created = 0; created < 10; created += 1) {
        const answer = await refusing.call('POST', '/v1/audits/geo/crawlability-checks', { key: trial.writeKey, body: { workspaceId: trial.workspaceId, url: 'https://example.com/' } });
        expect(answer.status).toBe(201);
      }
      const quota = await startOn('crawlability');
      expect(quota).toMatch(/^Too many requests\./);
      expect(quota).toMatch(/geoAuditMaxCount|GEO audit/i);
      expect(new URL(page.url()).pathname).toBe('/audits');
    }, 60_000);
  });
});
