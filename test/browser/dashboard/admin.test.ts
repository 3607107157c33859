import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedDemo, type DemoCredentials } from '../../../src/app/demo/seedDemo.js';
import { setTeamPlan } from '../../../src/app/teams/teams.js';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { allocationRefusal } from '../../../web/src/lib/admin.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { ensureDashboardBuilt, inspectScreen, newContext, settled, signInThroughPage, tabTo, type ParityReader } from './support.js';

let api: TestApi;
let demo: DemoCredentials;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function signIn(options: { withoutClipboard?: boolean } = {}): Promise<void> {
  await context?.close();
  context = await newContext(browser);
  if (options.withoutClipboard) await context.addInitScript('Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined })');
  else await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
  page = await context.newPage();
  await signInThroughPage(page, api.url, demo.user.email, demo.user.password);
  await settled(page);
}

/** As curl would: a plain HTTP request with the key, from outside the page. */
const curlWorkspaces = (key: string) => fetch(`${api.url}/v1/workspaces`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.status);

/** The page's own session reads the figures: a key's request would add one to the REST usage shown. */
const throughSession: ParityReader = async (source) => {
  const response = await page.request.get(`${api.url}${source}`);
  return { status: response.status(), body: await response.json() };
};

const promptsUsed = async () => (await api.call<{ promptsUsedCount: number }>('GET', '/v1/accounts/info', { key: demo.readKey })).body.promptsUsedCount;
const row = (text: string) => page.locator('tbody tr', { hasText: text });
const metricOf = (text: string, field: string) => row(text).locator(`[data-metric$=".${field}"]`);

async function createKeyOnPage(permission: 'read' | 'write'): Promise<string> {
  await page.check(`input[name=permission][value=${permission}]`);
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.locator('#new-key');
  await field.waitFor();
  return field.inputValue();
}

describeWithChromium()('the administration screens in Chromium', () => {
  beforeAll(async () => {
    ensureDashboardBuilt();
    api = await startTestApi();
    demo = await seedDemo(api.context);
    await api.settle();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await api?.close();
  });

  test('prompts and tags of the demo workspace: tags made with a preset and a picked color, prompts added, tagged and deleted, every figure the API’s', async () => {
    await signIn();
    await page.getByRole('link', { name: 'Prompts and tags' }).click();
    await settled(page);
    expect(await inspectScreen(page, api, demo.readKey, 'admin-workspace')).toBeGreaterThan(20);

    await page.fill('#new-tag-name', 'Priority');
    await page.check('input[name=color][value=green]');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expect(metricOf('Priority', 'color').getAttribute('data-value')).resolves.toBe('green');
    await page.fill('#new-tag-name', 'Picked');
    await page.locator('input[type=color]').fill('#aa3300');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expect(metricOf('Picked', 'color').getAttribute('data-value')).resolves.toBe('#aa3300');

    await page.fill('#new-prompts', 'first prompt of the page\n\n second prompt of the page ');
    await page.locator('form[aria-label="Add prompts"] label', { hasText: 'Priority' }).click();
    await page.getByRole('button', { name: 'Add prompts' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 2 prompts.' }).waitFor();
    await row('second prompt of the page').waitFor();
    await page.locator('tbody tr:has(th [data-value="Priority"]) [data-metric$=".promptCount"][data-value="2"]').waitFor();

    await row('second prompt of the page').getByText('Edit tags').click();
    await row('second prompt of the page').locator('label', { hasText: 'Picked' }).click();
    await row('second prompt of the page').getByRole('button', { name: 'Save tags' }).click();
    await row('second prompt of the page').locator('.chip', { hasText: 'Picked' }).waitFor();

    await page.getByRole('button', { name: 'Delete the prompt “first prompt of the page”' }).click();
    await page.getByRole('button', { name: 'Confirm: Delete the prompt “first prompt of the page”' }).click();
    await row('first prompt of the page').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete the tag “Priority”' }).click();
    await page.getByRole('button', { name: 'Confirm: Delete the tag “Priority”' }).click();
    await page.locator('tbody th [data-value="Priority"]').waitFor({ state: 'detached' });
    expect(await inspectScreen(page, api, demo.readKey, 'admin-workspace-changed')).toBeGreaterThan(20);
  }, 120_000);

  test('a batch beyond the prompt allocation is refused whole, and the page says why in the allocation’s figures', async () => {
    const used = await promptsUsed();
    await setTeamPlan(api.context, { teamId: demo.teamId, plan: 'custom', promptsMax: used + 1 });
    await api.settle();
    await signIn();
    await page.goto(`${api.url}/admin/workspace?workspaceId=${demo.workspaceId}`);
    await settled(page);

    await page.fill('#new-prompts', 'one more prompt\nand another one');
    await page.getByRole('button', { name: 'Add prompts' }).click();

    const refusal = page.locator('.refusal');
    await refusal.waitFor();
    expect(await refusal.locator('[role=alert]').textContent()).toMatch(/^Too many requests\./);
    expect(await refusal.locator('.note').textContent()).toBe(allocationRefusal(2, used, used + 1));
    expect(await promptsUsed()).toBe(used);
    await setTeamPlan(api.context, { teamId: demo.teamId, plan: 'standard' });
    await api.settle();
  }, 90_000);

  test('a key created on the page is shown once, copied, works with curl, and is refused once revoked on the page', async () => {
    await signIn();
    await page.getByRole('link', { name: 'Team' }).click();
    await settled(page);

    const key = await createKeyOnPage('write');
    expect(key).toMatch(/^glk_live_[0-9A-Za-z]{40}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    expect(await curlWorkspaces(key)).toBe(200);

    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.content()).not.toContain(key);
    const prefix = key.slice(0, 13);
    await page.reload();
    await settled(page);
    expect(await inspectScreen(page, api, throughSession, 'admin-team')).toBeGreaterThan(20);

    await page.getByRole('button', { name: `Revoke the key ${prefix}…` }).click();
    await page.getByRole('button', { name: `Confirm: Revoke the key ${prefix}…` }).click();
    await row(prefix).waitFor({ state: 'detached' });
    expect(await curlWorkspaces(key)).toBe(401);
  }, 120_000);

  test('where the browser refuses the Clipboard API, the key is selected in its read-only field and the page says how to copy it', async () => {
    await signIn({ withoutClipboard: true });
    await page.goto(`${api.url}/admin/team`);
    await settled(page);
    const key = await createKeyOnPage('read');

    await page.getByRole('button', { name: 'Copy' }).click();

    await page.getByRole('status').filter({ hasText: 'the key is selected, press Ctrl+C' }).waitFor();
    expect(await page.evaluate('[document.activeElement.id, document.activeElement.readOnly, window.getSelection().toString() || document.activeElement.value.slice(document.activeElement.selectionStart, document.activeElement.selectionEnd)]')).toEqual(['new-key', true, key]);
  }, 90_000);

  test('revoking a key revoked meanwhile elsewhere shows the API’s refusal instead of failing silently', async () => {
    const made = await api.call<{ id: string; keyPrefix: string }>('POST', '/v1/api-keys', { key: demo.writeKey, body: { permission: 'read' } });
    await signIn();
    await page.goto(`${api.url}/admin/team`);
    await settled(page);
    await page.getByRole('button', { name: `Revoke the key ${made.body.keyPrefix}…` }).click();
    expect((await api.call('DELETE', `/v1/api-keys/${made.body.id}`, { key: demo.writeKey })).status).toBe(204);

    await page.getByRole('button', { name: `Confirm: Revoke the key ${made.body.keyPrefix}…` }).click();

    await expect(row(made.body.keyPrefix).getByRole('alert').textContent()).resolves.toBe(`Something went wrong. API key ${made.body.id} is already revoked`);
  }, 90_000);

  test('both screens are reachable and usable with the keyboard alone', async () => {
    await signIn();
    await tabTo(page, 'header nav a', 'Prompts and tags');
    await page.keyboard.press('Enter');
    await settled(page);
    await tabTo(page, '#new-prompts');
    await page.keyboard.type('a prompt typed with the keyboard');
    await tabTo(page, 'button[type=submit]', 'Add prompts');
    await page.keyboard.press('Enter');
    await row('a prompt typed with the keyboard').waitFor();
    await tabTo(page, '#new-tag-name');
    await page.keyboard.type('Typed');
    await page.keyboard.press('Enter');
    await page.locator('tbody th [data-value="Typed"]').waitFor();

    await tabTo(page, 'header nav a', 'Team');
    await page.keyboard.press('Enter');
    await settled(page);
    await tabTo(page, 'input[name=permission][value=read]');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'button[type=submit]', 'Create key');
    await page.keyboard.press('Enter');
    const key = await page.locator('#new-key').inputValue();
    expect(await curlWorkspaces(key)).toBe(200);
    await row(key.slice(0, 13)).waitFor();
    await tabTo(page, `tbody tr button[aria-label="Revoke the key ${key.slice(0, 13)}…"]`);
    await page.keyboard.press('Enter');
    // The confirmation takes the focus, so a second Enter confirms.
    await page.locator(`button:focus[aria-label="Confirm: Revoke the key ${key.slice(0, 13)}…"]`).waitFor();
    await page.keyboard.press('Enter');
    await row(key.slice(0, 13)).waitFor({ state: 'detached' });
    expect(await curlWorkspaces(key)).toBe(401);
  }, 120_000);
});
