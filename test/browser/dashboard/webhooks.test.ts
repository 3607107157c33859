import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { pino } from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { webhookDeliveryJobs } from '../../../src/app/webhooks/deliveryJobs.js';
import { clockAt } from '../../../src/background/clock.js';
import { LeasedJobRunner } from '../../../src/background/leasedJobRunner.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { coverageRuns, FALLING_COVERAGE } from '../../api/alerts/runs.js';
import { seedPrompts, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { startReceiver, type Receiver } from '../../app/webhooks/support/receiver.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { expectDownloadsEqualJson } from './downloads.js';
import { createWriterAndReader, ensureDashboardBuilt, expectAccessible, inspectScreen, newContext, settled, signInThroughPage, tabTo } from './support.js';

const WRITER = 'hooks-writer@example.com';
const READER = 'hooks-reader@example.com';
const PASSWORD = 'webhooks screen password';

let api: TestApi;
let team: SeededTeam;
let reportId: string;
let promptIds: string[];
let receiver: Receiver;
let worker: LeasedJobRunner;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface Delivery {
  id: string;
  messageId: string;
  type: string;
  status: string;
  attempts: Array<{ status: number; error: string | null }>;
}

const webhooksPath = () => `/v1/workspaces/${team.workspaceId}/webhooks`;
const webhooks = async () => (await api.call<{ items: Array<{ id: string; url: string }> }>('GET', webhooksPath(), { key: team.readKey })).body.items;
const deliveries = async (webhookId: string) => (await api.call<{ items: Delivery[] }>('GET', `${webhooksPath()}/${webhookId}/deliveries`, { key: team.readKey })).body.items;

async function signInAs(email: string): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
  page = await context.newPage();
  await signInThroughPage(page, api.url, email, PASSWORD);
  await settled(page);
}

/** Lets the processes schedule, runs every due delivery, and lets the read models record them. */
async function deliverDue(): Promise<void> {
  await api.settle();
  await worker.drain();
  await api.settle();
}

/** A real alert.raised: imported runs drop Acme's coverage from 60 % to 30 %, and its coverage_drop watch raises. */
async function raiseCoverageAlert(): Promise<void> {
  await api.call('POST', `/v1/reports/brand/${reportId}/watches`, { key: team.writeKey, body: { kind: 'coverage_drop' } });
  await importRuns(api.context, coverageRuns('acme', promptIds, 'Acme', FALLING_COVERAGE));
  await deliverDue();
}

/** The test API on real time (the receiver's library checks the signed timestamp), delivering to loopback. */
describeWithChromium()('webhook administration in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    browser = await launchChromium();
  }, 60_000);

  beforeEach(async () => {
    api = await startTestApi({ environment: { AUDIT_ALLOW_PRIVATE_NETWORKS: '1' } });
    api.clock.now = new Date();
    team = await seedTeam(api);
    await createWriterAndReader(api, team.teamId, { writer: WRITER, reader: READER }, PASSWORD);
    promptIds = await seedPrompts(api, team.workspaceId, Array.from({ length: 5 }, () => ({ country: 'us' as const })));
    reportId = (await createBrandReport(api.context, { workspaceId: team.workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds, competitors: [] })).id;
    await api.settle();
    await api.rebuild();
    receiver = await startReceiver();
    const clock = clockAt(() => api.clock.now);
    const kinds = [webhookDeliveryJobs({ context: api.context, readModels: api.services.readModels, sender: api.services.webhookSender, clock, baseUrl: 'http://localhost:8080', random: () => 0.5 })];
    worker = new LeasedJobRunner(api.context.documentStore, kinds, { owner: 'test', logger: pino({ level: 'silent' }), clock });
  }, 60_000);

  afterEach(async () => {
    await context?.close();
    await receiver?.close();
    await api?.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('keyboard only: a webhook created on the page shows its secret once, copied, which verifies the deliveries; the log shows each attempt and Redeliver makes one more with the same webhook-id; the log downloads as CSV', async () => {
    await signInAs(WRITER);
    await tabTo(page, 'header nav a', 'Webhooks');
    await page.keyboard.press('Enter');
    await settled(page);
    // The picker starts on the first workspace the API lists; the team's two were created at the same instant, so
    // which one comes first is the ids' order: choose Main with the keyboard when the page shows the other one.
    if ((await page.locator('select').inputValue()) !== team.workspaceId) {
      await tabTo(page, 'select');
      await page.keyboard.type('M');
      await page.waitForURL(`**/admin/webhooks?workspaceId=${team.workspaceId}`);
      await settled(page);
    }
    expect(await page.locator('select').inputValue()).toBe(team.workspaceId);
    await tabTo(page, '#webhook-url');
    await page.keyboard.type(receiver.url);
    await tabTo(page, 'button[type=submit]', 'Create webhook');
    await page.keyboard.press('Enter');
    const secretField = page.locator('#new-webhook-secret');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await tabTo(page, 'button', 'Copy');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    const [webhook] = await webhooks();
    expect(webhook?.url).toBe(receiver.url);
    await page.locator(`tr[data-id="${webhook?.id}"]`).waitFor();
    expect(await inspectScreen(page, api, team.readKey, 'webhooks')).toBe(3);
    await tabTo(page, 'button', 'Done');
    await page.keyboard.press('Enter');
    await page.reload();
    await settled(page);
    expect(await page.content()).not.toContain(secret.slice(6));

    receiver.secret = secret;
    receiver.answer = () => (receiver.received.length === 1 ? 500 : 204);
    await raiseCoverageAlert();
    expect(receiver.received).toHaveLength(1);
    const [failed] = await deliveries(webhook?.id ?? '');
    expect(failed).toMatchObject({ type: 'alert.raised', status: 'pending', attempts: [{ status: 500, error: 'answered HTTP 500' }] });

    await tabTo(page, `a[aria-label="Delivery log of ${receiver.url}"]`);
    await page.keyboard.press('Enter');
    await settled(page);
    expect(new URL(page.url()).pathname).toBe(`/admin/webhooks/${webhook?.id}`);
    const row = page.locator(`tr[data-id="${failed?.id}"]`);
    expect(await row.locator('[data-metric="items.0.messageId"]').textContent()).toBe(receiver.received[0]?.headers['webhook-id']);
    expect(await row.locator('[data-metric="items.0.attempts.0.status"]').textContent()).toBe('500');
    // The log's figures: the webhook's URL and events, the delivery's 4, each attempt's 3 (4 with an error).
    expect(await inspectScreen(page, api, team.readKey, 'webhook-deliveries')).toBe(2 + 4 + 4);

    await tabTo(page, `button[aria-label="Redeliver the message ${failed?.messageId}"]`);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `Redelivery of ${failed?.messageId} requested` }).waitFor();
    await deliverDue();
    await tabTo(page, 'button', 'Read the log again');
    await page.keyboard.press('Enter');
    await row.locator('[data-metric="items.0.attempts.1.status"]').waitFor();
    const [redelivered] = await deliveries(webhook?.id ?? '');
    expect(redelivered).toMatchObject({ status: 'delivered', attempts: [{ status: 500 }, { status: 204, error: null }] });
    expect(await row.locator('[data-metric="items.0.status"]').textContent()).toBe('delivered');
    expect(receiver.received.map(({ verified, headers }) => ({ verified, id: headers['webhook-id'] }))).toEqual([
      { verified: true, id: failed?.messageId },
      { verified: true, id: failed?.messageId },
    ]);
    expect(await inspectScreen(page, api, team.readKey, 'webhook-deliveries-redelivered')).toBe(2 + 4 + 4 + 3);
    expect(await expectDownloadsEqualJson(page, api, team.readKey)).toEqual({ [`${webhooksPath()}/${webhook?.id}/deliveries`]: 1 });
  }, 180_000);

  test('keyboard only: a webhook is deleted after confirming; a URL the API refuses shows its message', async () => {
    const created = await api.call<{ id: string }>('POST', webhooksPath(), { key: team.writeKey, body: { url: receiver.url, events: ['audit.completed'] } });
    await signInAs(WRITER);
    await page.goto(`${api.url}/admin/webhooks?workspaceId=${team.workspaceId}`);
    await settled(page);
    const label = `Delete the webhook to ${receiver.url}`;
    await tabTo(page, `button[aria-label="${label}"]`);
    await page.keyboard.press('Enter');
    await page.locator(`button:focus[aria-label="Confirm: ${label}"]`).waitFor();
    await page.keyboard.press('Enter');
    await page.locator(`tr[data-id="${created.body.id}"]`).waitFor({ state: 'detached' });
    expect(await webhooks()).toEqual([]);
    expect(await page.locator('main').textContent()).toContain('This workspace has no webhook.');

    await tabTo(page, '#webhook-url');
    await page.keyboard.type('ftp://example.com/hook');
    await page.keyboard.press('Enter');
    const refused = await api.call<{ message: string }>('POST', webhooksPath(), { key: team.writeKey, body: { url: 'ftp://example.com/hook', events: ['alert.raised', 'report.recalculated', 'audit.completed', 'fanout.completed'] } });
    expect(refused.status).toBe(400);
    await expect(page.locator('form[aria-label="Create a webhook"] [role=alert]').textContent()).resolves.toBe(`Check the input. ${refused.body.message}`);
    expect(await webhooks()).toEqual([]);
    await expectAccessible(page);
  }, 120_000);

  test('a read-only user sees the webhooks and the delivery log but no control to change them, and the API refuses the write', async () => {
    const created = await api.call<{ id: string }>('POST', webhooksPath(), { key: team.writeKey, body: { url: receiver.url } });
    await raiseCoverageAlert();
    const [delivery] = await deliveries(created.body.id);
    expect(delivery?.status).toBe('delivered');
    await signInAs(READER);
    await page.goto(`${api.url}/admin/webhooks?workspaceId=${team.workspaceId}`);
    await settled(page);
    expect(await page.locator('.read-only').textContent()).toBe('Your access is read-only: a user with write access can create, delete and redeliver webhooks.');
    expect(await page.locator('form[aria-label="Create a webhook"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await inspectScreen(page, api, team.readKey, 'webhooks-read-only')).toBe(3);
    await page.getByRole('link', { name: `Delivery log of ${receiver.url}` }).click();
    await settled(page);
    expect(await page.locator(`tr[data-id="${delivery?.id}"]`).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Redeliver/ }).count()).toBe(0);
    expect(await inspectScreen(page, api, team.readKey, 'webhook-deliveries-read-only')).toBe(2 + 4 + 3);

    const session = (await (await page.request.get(`${api.url}/auth/session`)).json()) as { csrfToken: string };
    const headers = { 'x-csrf-token': session.csrfToken };
    expect((await page.request.post(`${api.url}${webhooksPath()}`, { headers, data: { url: receiver.url } })).status()).toBe(403);
    expect((await page.request.post(`${api.url}${webhooksPath()}/${created.body.id}/deliveries/${delivery?.id}/redeliver`, { headers })).status()).toBe(403);
    expect((await page.request.delete(`${api.url}${webhooksPath()}/${created.body.id}`, { headers })).status()).toBe(403);
    expect(await webhooks()).toHaveLength(1);
    expect((await deliveries(created.body.id))[0]?.attempts).toHaveLength(1);
  }, 120_000);
});
