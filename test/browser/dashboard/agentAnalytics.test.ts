import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../../src/app/credentials/credentials.js';
import { seedDemo, type DemoCredentials } from '../../../src/app/demo/seedDemo.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { COMBINED_LOG, VHOST_LOG } from '../../api/agentAnalytics/logs.js';
import { seedReport, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { chooseFileWithEnter, ensureDashboardBuilt, expectParity, inspectScreen, newContext, settled, signInThroughPage, tabTo } from './support.js';

const DEMO_WINDOW = 'startDate=2026-10-17&endDate=2026-11-15&country=us';
const EMAIL = 'agents@example.com';
const PASSWORD = 'agent analytics screen password';

let api: TestApi;
let demo: DemoCredentials;
let team: SeededTeam;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface StatsAnswer {
  availability: string;
  totalAgentVisits: number | null;
  engines: Array<{ engine: string; visits: number }> | null;
  daily: unknown[] | null;
}

async function signInAs(email: string, password: string): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
  await signInThroughPage(page, api.url, email, password);
  await settled(page);
}

const stats = async (reportId: string, query: string, key: string) =>
  (await api.call<StatsAnswer>('GET', `/v1/reports/brand/${reportId}/agent-analytics/stats?${query}`, { key })).body;

const shown = (metric: string) => page.locator(`[data-metric="${metric}"]`).first().getAttribute('data-value');

/** Picks the log with the page's file input, sends it, and answers what the page says the server read. */
async function uploadFromPage(name: string, content: string): Promise<Record<string, string | null>> {
  await page.setInputFiles('#log-file', { name, mimeType: 'text/plain', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Upload log' }).click();
  return uploadResult();
}

/** Records in the page each progress bar the upload shows, whether it lasts a frame or longer. */
async function watchProgress(): Promise<void> {
  // A string, evaluated in the page: the test program is compiled without the DOM's types.
  await page.evaluate(`(() => {
    const shown = [];
    Object.assign(window, { progressShown: shown });
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('progress')) {
        const label = bar.getAttribute('aria-label') ?? '';
        if (!shown.includes(label)) shown.push(label);
      }
    }).observe(document.body, { childList: true, subtree: true });
  })()`);
}

/** Drops the log on the drop zone as a file dragged from the desktop would be, then sends it. */
async function dropOnPage(name: string, content: string): Promise<Record<string, string | null>> {
  await page.evaluate(`(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([${JSON.stringify(content)}], ${JSON.stringify(name)}, { type: 'text/plain' }));
    document.querySelector('label.drop').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  })()`);
  expect(await page.evaluate<string | undefined>("document.querySelector('#log-file').files[0]?.name")).toBe(name);
  await page.getByRole('button', { name: 'Upload log' }).click();
  return uploadResult();
}

async function uploadResult(): Promise<Record<string, string | null>> {
  const result = page.locator('.upload-result');
  await result.waitFor({ timeout: 30_000 });
  const figure = (name: string) => result.locator(`[data-upload="${name}"]`).textContent();
  await settled(page);
  return { lines: await figure('lines'), visits: await figure('visits'), skipped: await figure('skipped'), alreadyIngested: await result.getAttribute('data-already-ingested') };
}

describeWithChromium()('the agent analytics screen in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    demo = await seedDemo(api.context);
    team = await seedTeam(api);
    await createUser(api.context, { teamId: team.teamId, email: EMAIL, permission: 'write', workspaceIds: 'all', password: PASSWORD });
    await api.settle();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  test('on the demo the tab shows the visits stacked by engine and by agent, and every figure equals the API’s', async () => {
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports/${demo.reportId}?${DEMO_WINDOW}`);
    await settled(page);
    await page.locator('nav.tabs a', { hasText: 'Agent analytics' }).click();
    await settled(page);
    expect(new URL(page.url()).pathname).toBe(`/reports/${demo.reportId}/agents`);
    expect(await shown('availability')).toBe('connected_with_data');
    const answer = await stats(demo.reportId, 'startDate=2026-10-17&endDate=2026-11-15', demo.readKey);
    const byEngine = page.locator('figure[data-chart="Visits per day by engine"]');
    expect(await byEngine.getAttribute('data-series-count')).toBe(String(answer.engines?.filter((engine) => engine.visits > 0).length));
    expect(await byEngine.getAttribute('data-point-count')).toBe('30');
    expect(await page.locator('figure[data-chart="Visits per day by agent"]').getAttribute('data-series-count')).toBe('6');
    expect(await shown('totalAgentVisits')).toBe(String(answer.totalAgentVisits));
    expect(await inspectScreen(page, api, demo.readKey, 'agents-demo')).toBeGreaterThan(40);
  }, 120_000);

  test('the engine filter lives in the URL, every read follows it, and each table downloads as CSV with it', async () => {
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports/${demo.reportId}/agents?${DEMO_WINDOW}`);
    await settled(page);
    await page.selectOption('#agent-engine', 'chatgpt');
    await settled(page);
    expect(new URL(page.url()).searchParams.get('engine')).toBe('chatgpt');
    const sources = await page.$$eval('[data-source]', (found) => found.map((element) => element.getAttribute('data-source') ?? ''));
    expect(sources.filter((source) => !source.includes('engine=chatgpt'))).toEqual([]);
    expect(await page.locator('tbody tr[data-id]').first().getAttribute('data-id')).toMatch(/GPTBot|ChatGPT-User|OAI-SearchBot/);
    expect(await expectParity(page, api, demo.readKey)).toBeGreaterThan(20);
    const downloads = await page.locator('a.download').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(downloads).toHaveLength(2);
    for (const href of downloads) {
      const query = new URL(href, api.url).searchParams;
      expect([query.get('engine'), query.get('startDate'), query.get('format'), query.has('offset')]).toEqual(['chatgpt', '2026-10-17', 'csv', false]);
      const csv = await page.evaluate((url) => fetch(url).then(async (response) => ({ status: response.status, type: response.headers.get('content-type'), text: await response.text() })), href);
      expect([csv.status, csv.type?.startsWith('text/csv')]).toEqual([200, true]);
      expect(csv.text.split('\n').filter(Boolean).length).toBeGreaterThan(1);
    }
  }, 90_000);

  test('a log uploaded from the page shows its progress and is counted once, even when uploaded twice (picked, then dropped)', async () => {
    const reportId = await seedReport(api, team.workspaceId, { brand: 'Acme' });
    await api.settle();
    await signInAs(EMAIL, PASSWORD);
    await page.goto(`${api.url}/reports/${reportId}/agents`);
    await settled(page);
    expect(await shown('availability')).toBe('not_connected');
    expect(await page.locator('.availability').textContent()).toMatch(/No access log of acme\.com has been read/);
    expect(await inspectScreen(page, api, team.readKey, 'agents-not-connected')).toBe(1);

    await watchProgress();
    expect(await uploadFromPage('access.log', COMBINED_LOG)).toEqual({ lines: '6', visits: '3', skipped: '1', alreadyIngested: 'false' });
    expect(await page.evaluate('window.progressShown')).toEqual(['Upload progress', 'Ingestion progress']);
    const first = await stats(reportId, '', team.readKey);
    expect([first.availability, first.totalAgentVisits]).toEqual(['connected_with_data', 3]);
    expect(await shown('totalAgentVisits')).toBe('3');

    expect(await dropOnPage('access-again.log', COMBINED_LOG)).toEqual({ lines: '6', visits: '0', skipped: '1', alreadyIngested: 'true' });
    expect(await page.locator('.upload-result').textContent()).toMatch(/ingested before: nothing was counted again/);
    expect((await stats(reportId, '', team.readKey)).totalAgentVisits).toBe(3);
    expect(await shown('totalAgentVisits')).toBe('3');
    expect(await inspectScreen(page, api, team.readKey, 'agents-uploaded')).toBeGreaterThan(10);

    await page.goto(`${api.url}/reports/${reportId}/agents?startDate=2026-01-01&endDate=2026-01-30`);
    await settled(page);
    expect(await shown('availability')).toBe('connected_no_data');
    expect(await shown('totalAgentVisits')).toBe('0');
    expect(await inspectScreen(page, api, team.readKey, 'agents-no-data')).toBe(4);
  }, 120_000);

  test('the screen is reachable and a log is uploaded with the keyboard alone', async () => {
    const reportId = await seedReport(api, team.workspaceId, { brand: 'Acme' });
    await api.settle();
    await signInAs(EMAIL, PASSWORD);
    await page.goto(`${api.url}/reports/${reportId}`);
    await settled(page);
    await tabTo(page, 'nav.tabs a', 'Agent analytics');
    await page.keyboard.press('Enter');
    await settled(page);
    await tabTo(page, '#log-file');
    const chooser = await chooseFileWithEnter(page, '#log-file');
    await chooser.setFiles({ name: 'vhost.log', mimeType: 'text/plain', buffer: Buffer.from(VHOST_LOG) });
    await tabTo(page, '#log-format');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#log-format').inputValue()).toBe('vhost_combined');
    await tabTo(page, 'button[type=submit]', 'Upload log');
    await page.keyboard.press('Enter');
    // This report has no domain variation, so only the www.acme.com line of the five is a visit.
    expect(await uploadResult()).toEqual({ lines: '5', visits: '1', skipped: '1', alreadyIngested: 'false' });
    await tabTo(page, '#agent-engine');
    await tabTo(page, '.legend button', 'chatgpt');
    await page.keyboard.press('Space');
    expect(await page.locator('.legend button', { hasText: 'chatgpt' }).first().getAttribute('aria-pressed')).toBe('false');
    await tabTo(page, 'a.download', 'the pages');
  }, 90_000);
});
