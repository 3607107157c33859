import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { startServe, type ServeProcess } from '../../support/serveProcess.js';
import { ARTIFACTS, ensureDashboardBuilt, expectAccessible, newContext, settled, tabTo } from './support.js';

let serve: ServeProcess;
let dataDir: string;
let browser: Browser;
let context: BrowserContext;

describeWithChromium()('the first admin sets geolens up in Chromium, from the URL serve printed', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-setup-page-'));
    serve = await startServe(dataDir);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await serve?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('with the keyboard alone: the form, then the reports of the new workspace, signed in; the URL works once', async () => {
    const setupUrl = /setup: (http\S+)/.exec(serve.printed())?.[1] ?? '';
    expect(setupUrl).toMatch(/\/setup\?token=\w+$/);
    const pageUrl = setupUrl.replace(/^http:\/\/localhost:\d+/, serve.url);
    context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(pageUrl);
    expect(await page.locator('h1').textContent()).toBe('Set up geolens');
    await expectAccessible(page);
    const type = async (field: string, text: string) => {
      await tabTo(page, `#${field}`);
      await page.keyboard.type(text);
    };
    await type('teamName', 'Acme marketing');
    await type('workspaceName', 'Acme');
    await type('email', 'admin@acme.test');
    await type('password', 'short');
    await page.keyboard.press('Enter');
    // The browser's own check holds a password under 12 characters back; the page says what is needed.
    expect(await page.locator('#password:invalid').count()).toBe(1);
    expect(await page.locator('#password-hint').textContent()).toMatch(/12 characters/);
    expect(page.url()).toContain('/setup?token=');
    await page.fill('#password', 'a long enough secret');
    await page.locator('#password').focus();
    await Promise.all([page.waitForResponse((response) => response.url().endsWith('/setup') && response.status() === 201), page.keyboard.press('Enter')]);
    await page.waitForURL(/\/reports\?workspaceId=ws_/);
    await settled(page);
    expect(await page.locator('h1').textContent()).toBe('Reports');
    expect(await page.locator('header .who').textContent()).toBe('admin@acme.test');
    await page.screenshot({ path: `${ARTIFACTS}/setup-done.png` });

    const again = await (await context.newPage()).goto(pageUrl);
    expect(again?.status()).toBe(404);
  }, 90_000);
});
