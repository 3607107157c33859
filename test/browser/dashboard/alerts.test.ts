import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { coverageRuns, FALLING_COVERAGE } from '../../api/alerts/runs.js';
import { expectDownloadsEqualJson } from './downloads.js';
import { seedPrompts, seedReport, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { createWriterAndReader, ensureDashboardBuilt, expectAccessible, expectParity, inspectScreen, newContext, settled, signInThroughPage, tabTo } from './support.js';

const WRITER = 'alerts-writer@example.com';
const READER = 'alerts-reader@example.com';
const PASSWORD = 'alerts screen password';
/** Coverage watches with thresholds 0..24 all raise on a fall of 30 points: with the sentiment watch, 26 alerts, two pages. */
const COVERAGE_WATCHES = 25;
const NEGATIVE = 'Acme is unreliable and slow, with poor support.';

let api: TestApi;
let team: SeededTeam;
let reportId: string;
let quietReportId: string;
let namingReportId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface Alert {
  id: string;
  kind: string;
  statistics: Record<string, unknown>;
  evidence: { sentences?: Array<{ text: string }> };
}
interface Watch {
  id: string;
  kind: string;
  engines: string[] | null;
  threshold: number;
}

const watchesPath = (id: string) => `/v1/reports/brand/${id}/watches`;
const alertsPath = (id: string) => `/v1/reports/brand/${id}/alerts`;
const watchesOf = async (id: string) => (await api.call<{ items: Watch[] }>('GET', watchesPath(id), { key: team.readKey })).body.items;
const alertPage = async (query = '') => (await api.call<{ items: Alert[]; paging: { nextCursor: string | null } }>('GET', `${alertsPath(reportId)}${query}`, { key: team.readKey })).body;
const shownIds = (selector: string) => page.$$eval(selector, (rows) => rows.map((row) => row.getAttribute('data-id')));

async function signInAs(email: string): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
  await signInThroughPage(page, api.url, email, PASSWORD);
  await settled(page);
}

async function openAlertsTab(id: string): Promise<void> {
  await page.goto(`${api.url}/reports/${id}`);
  await settled(page);
  await page.locator('nav.tabs a', { hasText: 'Alerts' }).click();
  await settled(page);
}

/** A write through the page's own session cookie and CSRF token, as the page would send it. */
async function writeThroughSession(method: 'post' | 'delete', path: string, body?: unknown): Promise<number> {
  const session = (await (await page.request.get(`${api.url}/auth/session`)).json()) as { csrfToken: string };
  const response = await page.request[method](`${api.url}${path}`, { headers: { 'x-csrf-token': session.csrfToken }, ...(body === undefined ? {} : { data: body }) });
  return response.status();
}

/**
 * Acme's coverage falls from 60 % (28 days of 10 runs) to about 30 % (the 7 days to 2026-11-13), and the newest
 * day has an answer that speaks ill of Acme: imported runs, evaluated by the alerts process as in production.
 */
describeWithChromium()('the alerts tab in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    team = await seedTeam(api);
    await createWriterAndReader(api, team.teamId, { writer: WRITER, reader: READER }, PASSWORD);
    const promptIds = await seedPrompts(api, team.workspaceId, Array.from({ length: 5 }, () => ({ country: 'us' as const })));
    reportId = (await createBrandReport(api.context, { workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds, competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }] })).id;
    quietReportId = await seedReport(api, team.workspaceId, { brand: 'Globex', promptIds: await seedPrompts(api, team.workspaceId, [{ country: 'us' }]) });
    const umbrellaPrompts = await seedPrompts(api, team.workspaceId, [{ country: 'us' }]);
    namingReportId = await seedReport(api, team.workspaceId, { brand: 'Umbrella', promptIds: umbrellaPrompts });
    await api.settle();
    await api.rebuild();
    await api.call('POST', watchesPath(namingReportId), { key: team.writeKey, body: { kind: 'new_untracked_brand' } });
    const answer = (runId: string, day: string, content: string) => JSON.stringify({ runId, promptId: umbrellaPrompts[0], engine: 'chatgpt', runDate: `${day}T09:00:00Z`, content, citations: [] });
    const naming = [
      answer('umbrella-baseline', '2026-10-20', 'Top help desks:\n1. **Umbrella**: fine for small teams.'),
      answer('umbrella-current', '2026-11-13', 'Top help desks:\n1. **Freshdesk**: great for support teams.\n2. **Umbrella**: fine for small teams.'),
    ];
    for (let threshold = 0; threshold < COVERAGE_WATCHES; threshold++) await api.call('POST', watchesPath(reportId), { key: team.writeKey, body: { kind: 'coverage_drop', threshold } });
    await api.call('POST', watchesPath(reportId), { key: team.writeKey, body: { kind: 'negative_sentiment' } });
    await api.call('POST', watchesPath(quietReportId), { key: team.writeKey, body: { kind: 'coverage_drop' } });
    const runs = coverageRuns('acme', promptIds, 'Acme', FALLING_COVERAGE);
    const negative = JSON.stringify({ runId: 'acme-negative', promptId: promptIds[0], engine: 'chatgpt', runDate: '2026-11-13T10:00:00Z', content: NEGATIVE, citations: [] });
    await importRuns(api.context, [...runs, negative, ...naming]);
    await api.settle();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await api?.close();
  });

  test('the alerts, newest first in pages of 25, show both windows’ n / N and coverage, z, p, threshold and the quoted sentence, each figure the API’s; both lists download as CSV', async () => {
    const first = await alertPage();
    expect(first.items).toHaveLength(25);
    expect(first.paging.nextCursor).not.toBeNull();
    await signInAs(WRITER);
    await openAlertsTab(reportId);
    expect(new URL(page.url()).pathname).toBe(`/reports/${reportId}/alerts`);

    expect(await shownIds('ol.alerts > li')).toEqual(first.items.map(({ id }) => id));
    const coverage = first.items.findIndex(({ kind }) => kind === 'coverage_drop');
    const statistics = first.items[coverage]?.statistics as { current: { runs: number; mentionedRuns: number }; baseline: { runs: number; mentionedRuns: number }; pValue: number };
    expect(statistics.pValue).toBeLessThan(0.05);
    const figure = (field: string) => page.locator(`[data-metric="items.${coverage}.statistics.${field}"]`).textContent();
    expect(`${await figure('current.mentionedRuns')} / ${await figure('current.runs')}`).toBe(`${statistics.current.mentionedRuns} / ${statistics.current.runs}`);
    expect(`${await figure('baseline.mentionedRuns')} / ${await figure('baseline.runs')}`).toBe(`${statistics.baseline.mentionedRuns} / ${statistics.baseline.runs}`);
    for (const field of ['current.coverage', 'baseline.coverage', 'z', 'pValue', 'threshold', 'change']) await expect(page.locator(`[data-metric="items.${coverage}.statistics.${field}"]`).count()).resolves.toBe(1);
    const compared = await inspectScreen(page, api, team.readKey, 'alerts');
    expect(compared).toBeGreaterThan(25 * 12);
    expect(await expectDownloadsEqualJson(page, api, team.readKey)).toEqual({ [watchesPath(reportId)]: COVERAGE_WATCHES + 1, [alertsPath(reportId)]: 26 });

    await page.getByRole('link', { name: 'Older' }).click();
    await settled(page);
    const second = await alertPage(`?cursor=${encodeURIComponent(first.paging.nextCursor ?? '')}`);
    expect(second.items).toHaveLength(1);
    expect(await shownIds('ol.alerts > li')).toEqual(second.items.map(({ id }) => id));
    expect(await expectParity(page, api, team.readKey)).toBeGreaterThan(10);

    // The sentence quoted as the API quotes it, on whichever page the negative_sentiment alert falls.
    const sentiment = [...first.items, ...second.items].find(({ kind }) => kind === 'negative_sentiment');
    expect(sentiment?.evidence.sentences?.map(({ text }) => text)).toEqual([NEGATIVE]);
    const quote = page.locator(`li[data-id="${sentiment?.id}"] blockquote`);
    const quotedOnSecond = second.items.some(({ id }) => id === sentiment?.id);
    if (quotedOnSecond) expect(await quote.textContent()).toBe(NEGATIVE);
    await page.getByRole('link', { name: 'Newest' }).click();
    await settled(page);
    expect(await shownIds('ol.alerts > li')).toEqual(first.items.map(({ id }) => id));
    if (!quotedOnSecond) expect(await quote.textContent()).toBe(NEGATIVE);
  }, 180_000);

  test('keyboard only: a watch refused by the API shows its message at the field, then is added; another is removed', async () => {
    await signInAs(WRITER);
    await openAlertsTab(reportId);
    const before = await watchesOf(reportId);
    await tabTo(page, '#watch-kind');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#watch-kind').inputValue()).toBe('competitor_surge');
    await tabTo(page, 'input[name=engines][value=perplexity]');
    await page.keyboard.press('Space');
    await tabTo(page, '#watch-threshold');
    await page.keyboard.type('150');
    await tabTo(page, 'button[type=submit]', 'Add watch');
    await page.keyboard.press('Enter');

    const refused = await api.call<{ errors: Array<{ path: string; message: string }> }>('POST', watchesPath(reportId), {
      key: team.writeKey,
      body: { kind: 'competitor_surge', engines: ['perplexity'], threshold: 150 },
    });
    expect(refused.status).toBe(400);
    const issue = page.locator('#watch-threshold-issue');
    await issue.waitFor();
    expect(await issue.textContent()).toBe(refused.body.errors.filter(({ path }) => path === 'threshold').map(({ message }) => message).join('; '));
    expect(await page.locator('#watch-threshold').getAttribute('aria-invalid')).toBe('true');
    expect(await watchesOf(reportId)).toHaveLength(before.length);

    await page.locator('#watch-threshold').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12.5');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Added a competitor surge watch.' }).waitFor();
    const added = (await watchesOf(reportId)).find(({ kind }) => kind === 'competitor_surge');
    expect(added).toMatchObject({ engines: ['perplexity'], threshold: 12.5 });
    await page.locator(`tr[data-id="${added?.id}"]`).waitFor();
    expect(await page.locator('#watch-threshold-issue').count()).toBe(0);
    // The form starts afresh for the next watch.
    expect(await page.locator('#watch-kind').inputValue()).toBe('coverage_drop');
    expect(await page.locator('input[name=engines]:checked').count()).toBe(0);
    expect(await page.locator(`tr[data-id="${added?.id}"] [data-metric$=".threshold"]`).textContent()).toBe('12.5 pts');

    // The test API's clock stands still, so the watches share one creation time and list in their ids' order: the
    // one removed is a coverage drop watch wherever it falls.
    const removed = before.find(({ kind }) => kind === 'coverage_drop');
    const label = `Remove the coverage drop watch ${removed?.id}`;
    await tabTo(page, `button[aria-label="${label}"]`);
    await page.keyboard.press('Enter');
    // The confirmation takes the focus, so a second Enter confirms.
    await page.locator(`button:focus[aria-label="Confirm: ${label}"]`).waitFor();
    await page.keyboard.press('Enter');
    await page.locator(`tr[data-id="${removed?.id}"]`).waitFor({ state: 'detached' });
    const after = await watchesOf(reportId);
    expect(after.map(({ id }) => id)).not.toContain(removed?.id);
    expect(await shownIds('tbody tr[data-id]')).toEqual(after.map(({ id }) => id));
    expect(await expectParity(page, api, team.readKey)).toBeGreaterThan(after.length * 5);
  }, 120_000);

  test('a read-only user sees the watches and the alerts but no control to change them, and the API refuses the write', async () => {
    await signInAs(READER);
    // The tab's own address, opened directly: the server answers the page for it.
    await page.goto(`${api.url}/reports/${reportId}/alerts`);
    await settled(page);
    expect(await page.locator('.read-only').textContent()).toBe('Your access is read-only: a user with write access can add and remove watches.');
    expect(await page.locator('form[aria-label="Add a watch"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await shownIds('tbody tr[data-id]')).toEqual((await watchesOf(reportId)).map(({ id }) => id));
    expect(await page.locator('ol.alerts > li').count()).toBe(25);
    await expectAccessible(page);
    const [watch] = await watchesOf(reportId);
    expect(await writeThroughSession('post', watchesPath(reportId), { kind: 'coverage_rise' })).toBe(403);
    expect(await writeThroughSession('delete', `${watchesPath(reportId)}/${watch?.id}`)).toBe(403);
    expect((await watchesOf(reportId))[0]?.id).toBe(watch?.id);
  }, 90_000);

  test('an alert of a kind without the z-test shows each figure of its statistics and its evidence (a new untracked brand), each the API’s', async () => {
    const { items } = (await api.call<{ items: Alert[] }>('GET', alertsPath(namingReportId), { key: team.readKey })).body;
    expect(items.map(({ kind }) => kind)).toEqual(['new_untracked_brand']);
    await signInAs(WRITER);
    await page.goto(`${api.url}/reports/${namingReportId}/alerts`);
    await settled(page);
    expect(await page.locator('[data-metric="items.0.evidence.names"]').textContent()).toBe('Freshdesk');
    expect(await page.locator('[data-metric="items.0.threshold"]').textContent()).toBe('not used by this kind');
    const statistics = await page.$$eval('[data-metric^="items.0.statistics."]', (elements) => elements.map((element) => element.getAttribute('data-metric')));
    expect(statistics).toEqual(['items.0.statistics.current.from', 'items.0.statistics.current.to', 'items.0.statistics.current.top', 'items.0.statistics.baseline.from', 'items.0.statistics.baseline.to']);
    expect(await inspectScreen(page, api, team.readKey, 'alerts-names')).toBeGreaterThanOrEqual(statistics.length + 1);
  }, 90_000);

  test('a report whose watch raised nothing says what would raise an alert', async () => {
    await signInAs(WRITER);
    await openAlertsTab(quietReportId);
    expect((await api.call<{ items: unknown[] }>('GET', alertsPath(quietReportId), { key: team.readKey })).body.items).toEqual([]);
    const empty = page.locator('.empty');
    expect(await empty.textContent()).toContain("Coverage drop: the brand's coverage over the last 7 days with runs falls at least the threshold below the 28 days before, with p < 0.05.");
    expect(await inspectScreen(page, api, team.readKey, 'alerts-empty')).toBeGreaterThan(0);
  }, 90_000);
});
