import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../../src/app/credentials/credentials.js';
import { seedDemo, type DemoCredentials } from '../../../src/app/demo/seedDemo.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { seedKnownAnswers, WINDOW, type KnownAnswers } from '../../api/support/knownAnswers.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { ensureDashboardBuilt, expectParity, inspectScreen, newContext, settled, signInThroughPage, tabTo } from './support.js';

const DEMO_WINDOW = 'startDate=2026-10-17&endDate=2026-11-15&country=us';
const KNOWN_PASSWORD = 'known answers password';

let api: TestApi;
let demo: DemoCredentials;
let known: KnownAnswers;
let knownEmail: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface Walked {
  name: string;
  /** Reaches the screen from the one before, as a user would. */
  open(page: Page): Promise<void>;
}

/** Every screen of a report, each opened from the one before by its link. */
function screensOf(reportId: string, window: string): Walked[] {
  const tab = (name: string) => async (page: Page) => {
    await page.locator('nav.tabs a', { hasText: name }).click();
    await settled(page);
  };
  return [
    { name: 'reports', open: (page) => page.goto(`${api.url}/reports`).then(() => settled(page)) },
    { name: 'overview', open: (page) => page.goto(`${api.url}/reports/${reportId}?${window}`).then(() => settled(page)) },
    { name: 'prompts', open: tab('Prompts') },
    {
      name: 'prompt',
      open: async (page) => {
        await page.locator('tbody tr th a').first().click();
        await settled(page);
      },
    },
    {
      name: 'citations',
      open: async (page) => {
        await tab('Citations')(page);
        await page.locator('tbody tr th button.link').first().click();
        await settled(page);
      },
    },
    { name: 'recommendations', open: tab('Recommendations') },
    { name: 'detection', open: tab('Detection') },
    { name: 'agents', open: tab('Agent analytics') },
  ];
}

/** Walks every screen: each figure equals the API's, the sources follow the URL, no serious axe violation, no page wider than 390 or 1440 px, screenshots at both. */
async function walk(label: string, reportId: string, window: string, key: string): Promise<Record<string, number>> {
  const compared: Record<string, number> = {};
  for (const screen of screensOf(reportId, window)) {
    await screen.open(page);
    compared[screen.name] = await inspectScreen(page, api, key, `${label}-${screen.name}`);
  }
  return compared;
}

async function signInAs(email: string, password: string): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
  await signInThroughPage(page, api.url, email, password);
  await settled(page);
}

describeWithChromium()('the dashboard’s screens in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    demo = await seedDemo(api.context);
    known = await seedKnownAnswers(api);
    knownEmail = 'analyst@example.com';
    await createUser(api.context, { teamId: known.team.teamId, email: knownEmail, permission: 'write', workspaceIds: 'all', password: KNOWN_PASSWORD });
    // The demo's report history is built by the rebuilder, as `serve` does after seeding.
    await api.rebuild();
    await api.settle();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  test('on the demo data every figure of every screen equals the API’s answer for the same filters', async () => {
    const stats = await api.call<{ summary: { runs: number; mentionedRuns: number } }>('GET', `/v1/reports/brand/${demo.reportId}/stats?${DEMO_WINDOW}`, { key: demo.readKey });
    // Figures with data, not zeros on both sides: the demo's history is built.
    expect(stats.body.summary.mentionedRuns).toBeGreaterThan(0);
    await signInAs(demo.user.email, demo.user.password);
    const compared = await walk('demo', demo.reportId, DEMO_WINDOW, demo.readKey);
    expect(compared).toEqual({
      reports: 1,
      overview: expect.any(Number),
      prompts: expect.any(Number),
      prompt: expect.any(Number),
      citations: expect.any(Number),
      recommendations: expect.any(Number),
      detection: 0,
      agents: expect.any(Number),
    });
    for (const name of ['overview', 'prompts', 'prompt', 'citations', 'agents']) expect(compared[name]).toBeGreaterThan(10);
  }, 120_000);

  test('on the report with hand-computed figures the overview shows them, and every screen equals the API', async () => {
    await signInAs(knownEmail, KNOWN_PASSWORD);
    await page.goto(`${api.url}/reports/${known.reportId}?${WINDOW}`);
    await settled(page);
    const text = (metric: string) => page.locator(`[data-metric="${metric}"]`).first().textContent();
    expect(await text('summary.brandCoverage')).toBe('60.0 %');
    expect(`${await text('summary.mentionedRuns')} / ${await text('summary.runs')}`).toBe('3 / 5');
    expect(`${await text('summary.brandCoverageInterval.low')}–${await text('summary.brandCoverageInterval.high')}`).toBe('23.1–88.2 %');
    expect(await text('summary.shareOfVoice')).toBe('33.3 %');
    expect(await text('summary.averagePosition')).toBe('1.7');
    await walk('known', known.reportId, WINDOW, known.team.readKey);
  }, 120_000);

  test('the overview’s trend has one series per tracked brand and one point per day, toggled from the legend', async () => {
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports/${demo.reportId}?${DEMO_WINDOW}`);
    await settled(page);
    const stats = await api.call<{ allBrandsAnalysis: { brandCoverageHistory: Array<{ brands: unknown[] }> } }>('GET', `/v1/reports/brand/${demo.reportId}/stats?${DEMO_WINDOW}`, {
      key: demo.readKey,
    });
    const chart = page.locator('figure[data-chart="Brand coverage per day"]');
    expect(await chart.getAttribute('data-point-count')).toBe('30');
    expect(stats.body.allBrandsAnalysis.brandCoverageHistory).toHaveLength(30);
    expect(await chart.getAttribute('data-series-count')).toBe('5');
    expect(await chart.locator('.legend button').allTextContents()).toEqual(['Nimbus CRM', 'HubSpot', 'Salesforce', 'Pipedrive', 'Zoho CRM']);
    const hubspot = chart.locator('.legend button', { hasText: 'HubSpot' });
    await hubspot.click();
    expect(await hubspot.getAttribute('aria-pressed')).toBe('false');
    await hubspot.click();
    expect(await hubspot.getAttribute('aria-pressed')).toBe('true');
  });

  test('the prompts table sorts and searches through the URL, and the link reproduces the view', async () => {
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports/${demo.reportId}/prompts?${DEMO_WINDOW}`);
    await settled(page);
    await page.getByRole('button', { name: 'Volume' }).click();
    await settled(page);
    expect(new URL(page.url()).searchParams.get('sortBy')).toBe('volume');
    const volumes = await page.locator('[data-metric$=".volume"]').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.value)));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    await page.fill('#prompt-search', 'crm for');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await settled(page);
    const rows = await page.locator('tbody tr').evaluateAll((found) => found.map((row) => row.dataset.id));
    expect(rows.length).toBeGreaterThan(0);
    expect((await page.locator('tbody th a').allTextContents()).filter((text) => !/crm for/i.test(text))).toEqual([]);
    await page.reload();
    await settled(page);
    expect(await page.locator('tbody tr').evaluateAll((found) => found.map((row) => row.dataset.id))).toEqual(rows);
    expect(new URL(page.url()).searchParams.get('search')).toBe('crm for');
    await expectParity(page, api, demo.readKey);
  });

  test('every screen is reachable and usable with the keyboard alone', async () => {
    await signInAs(demo.user.email, demo.user.password);
    await page.goto(`${api.url}/reports`);
    await settled(page);
    const enterOn = async (selector: string, text?: string) => {
      await tabTo(page, selector, text);
      await page.keyboard.press('Enter');
      await settled(page);
    };
    await enterOn('tbody th a', 'Nimbus CRM visibility');
    expect(new URL(page.url()).pathname).toBe(`/reports/${demo.reportId}`);
    await tabTo(page, '.legend button', 'HubSpot');
    await page.keyboard.press('Space');
    expect(await page.locator('.legend button', { hasText: 'HubSpot' }).getAttribute('aria-pressed')).toBe('false');
    await enterOn('nav.tabs a', 'Prompts');
    await enterOn('tbody th a');
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/reports/${demo.reportId}/prompts/`));
    await enterOn('nav.tabs a', 'Citations');
    await enterOn('tbody th button.link');
    expect(new URL(page.url()).searchParams.get('url')).toMatch(/^https?:\/\//);
    await enterOn('nav.tabs a', 'Recommendations');
    await enterOn('summary');
    expect(await page.locator('details[open]').count()).toBe(1);
    await enterOn('nav.tabs a', 'Detection');
    await tabTo(page, '#brand');
    expect(await page.locator(':focus').getAttribute('id')).toBe('brand');
  }, 60_000);
});
