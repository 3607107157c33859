import { expect } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, FileChooser, Page } from 'playwright-core';
import { createUser } from '../../../src/app/credentials/credentials.js';
import type { TestApi } from '../../api/support/testApi.js';
import { expectTableDownloadsEqualTables } from './downloads.js';

export const ARTIFACTS = 'test-artifacts/dashboard';
/** The test API's clock: the page's "today" must be the same day for its default window. */
export const TODAY = new Date('2026-11-15T10:00:00.000Z');

/** The suites serve the real build; `npm install` made it, and a checkout without one builds it once here. */
export function ensureDashboardBuilt(): void {
  if (!existsSync('web/dist/index.html')) execFileSync('npm', ['run', 'build:web'], { stdio: 'ignore' });
}

export async function newContext(browser: Browser, width = 1440): Promise<BrowserContext> {
  await mkdir(ARTIFACTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.clock.setFixedTime(TODAY);
  return context;
}

/** A write user and a read user of the team, both on every workspace, signing in with `password`. */
export async function createWriterAndReader(api: TestApi, teamId: string, emails: { writer: string; reader: string }, password: string): Promise<void> {
  await createUser(api.context, { teamId, email: emails.writer, permission: 'write', workspaceIds: 'all', password });
  await createUser(api.context, { teamId, email: emails.reader, permission: 'read', workspaceIds: 'all', password });
}

export async function signInThroughPage(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await Promise.all([page.waitForResponse((response) => response.url().endsWith('/auth/session')), page.click('button[type=submit]')]);
}

/** Waits until no part of the screen is still loading. */
/**
 * The page's width once its layout has followed a change of the viewport: charts take their new width in the
 * next ResizeObserver callback, which a loaded machine may run after the first measurement.
 */
async function settledWidth(page: Page, width: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
    if (scrollWidth <= width || Date.now() > deadline) return scrollWidth;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function settled(page: Page): Promise<void> {
  await page.locator('main').waitFor();
  await page.locator('.loading').first().waitFor({ state: 'detached' });
}

const resolvePath = (answer: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key]), answer);

interface ShownFigure {
  source: string;
  metric: string;
  value: string;
}

/**
 * How the parity check reads an operation: with a key, or as the page does (its session cookie) where a key's
 * call would change the figure itself (a key's request counts toward the team's REST usage; the page's do not).
 */
export type ParityReader = string | ((source: string) => Promise<{ status: number; body: unknown }>);

/**
 * Every figure on the screen against the API's own answer: each `data-metric` inside a `data-source` is read
 * from a fresh call of that operation, with a key instead of the page's cookie. Answers how many it compared.
 */
export async function expectParity(page: Page, api: TestApi, key: ParityReader): Promise<number> {
  const shown = await page.$$eval('[data-metric]', (elements) =>
    elements.map((element) => ({
      source: element.closest('[data-source]')?.getAttribute('data-source') ?? '',
      metric: element.getAttribute('data-metric') ?? '',
      value: element.getAttribute('data-value') ?? '',
    })),
  );
  const answers = new Map<string, unknown>();
  for (const figure of shown) {
    expect(figure.source).toMatch(/^\/v1\//);
    if (!answers.has(figure.source)) {
      const answer = typeof key === 'string' ? await api.call('GET', figure.source, { key }) : await key(figure.source);
      expect(answer.status).toBe(200);
      answers.set(figure.source, answer.body);
    }
  }
  const mismatched = shown.filter((figure: ShownFigure) => {
    const expected = resolvePath(answers.get(figure.source), figure.metric);
    return figure.value !== (expected === null ? 'null' : String(expected));
  });
  expect(mismatched).toEqual([]);
  return shown.length;
}

/** Checks every source on the screen reads the window and country of the page's URL. */
export async function expectSourcesFollowUrl(page: Page): Promise<void> {
  const url = new URL(page.url());
  const sources = await page.$$eval('[data-source]', (elements) => elements.map((element) => element.getAttribute('data-source') ?? ''));
  for (const source of sources) {
    const query = new URL(source, url).searchParams;
    for (const name of ['startDate', 'endDate', 'country'])
      if (url.searchParams.has(name) && query.has(name)) expect(`${name}=${query.get(name)}`).toBe(`${name}=${url.searchParams.get(name)}`);
  }
}

/**
 * What every screen is held to: each figure equals the API's, the sources follow the URL, no serious axe
 * violation, nothing wider than 390 or 1440 px, and a screenshot at both. Answers how many figures it compared.
 */
export async function inspectScreen(page: Page, api: TestApi, key: ParityReader, shot: string): Promise<number> {
  const compared = await expectParity(page, api, key);
  await expectSourcesFollowUrl(page);
  await expectAccessible(page);
  await expectTableDownloadsEqualTables(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Readable at this width: nothing wider than the window (wide tables scroll inside themselves).
    expect(`${shot} ${await settledWidth(page, width)}`).toBe(`${shot} ${width}`);
    await page.screenshot({ path: `${ARTIFACTS}/${shot}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  return compared;
}

/** axe-core's source, evaluated in the page: the page's Content-Security-Policy refuses injected script tags. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core inside the page: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate<Array<{ id: string; impact: string; targets: string[] }>>(
    'axe.run().then((result) => result.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.slice(0, 3).map((node) => JSON.stringify(node.target)) })))',
  );
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

/** What has the focus, read at once (no wait): whether it matches the selector (and holds the text), and a short name. */
async function focusedElement(page: Page, selector: string, text?: string): Promise<{ matches: boolean; name: string }> {
  return page.evaluate(
    ([wanted, words]) => {
      // Evaluated in the page; the tests' compiler has no DOM library, so the document is named by what is used of it.
      interface Focused {
        id: string;
        tagName: string;
        textContent: string | null;
        getAttribute(name: string): string | null;
        matches(selector: string): boolean;
      }
      const { document } = globalThis as unknown as { document: { activeElement: Focused | null; body: Focused } };
      const active = document.activeElement;
      if (active === null || active === document.body) return { matches: false, name: 'body' };
      const label = active.getAttribute('aria-label') ?? (active.textContent ?? '').trim().slice(0, 30);
      return {
        matches: active.matches(wanted) && (words === null || (active.textContent ?? '').includes(words)),
        name: `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} "${label}"`,
      };
    },
    [selector, text ?? null] as const,
  );
}

/**
 * Presses Tab until the focused element matches the selector (and holds the text), then answers. The focus is read
 * at once after each press, so a slow read never costs a press; the limit lets the focus go round the page once
 * more, and a miss names the elements the focus went through.
 */
export async function tabTo(page: Page, selector: string, text?: string, limit = 200): Promise<void> {
  const trail: string[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page, selector, text);
    if (focused.matches) return;
    trail.push(focused.name);
  }
  throw new Error(`Tab never reached ${selector} ${text ?? ''}; the focus went through: ${trail.slice(0, 40).join(', ')}${trail.length > 40 ? ', …' : ''}`);
}

/**
 * Opens the file chooser of the focused file input with Enter, as a keyboard user does, and answers it. The
 * chooser is waited for before the key goes; if Chromium shows none within 10 s while the input still has the
 * focus, Enter is pressed again (at most three times), and a miss says where the focus was.
 */
export async function chooseFileWithEnter(page: Page, selector: string): Promise<FileChooser> {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const focused = await focusedElement(page, selector);
    seen.push(focused.name);
    if (!focused.matches) break;
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 }).catch(() => null);
    // A round trip to the page after the listener: Playwright intercepts the page's choosers from then on.
    await page.evaluate('0');
    await page.keyboard.press('Enter');
    const opened = await chooser;
    if (opened) return opened;
  }
  throw new Error(`Enter opened no file chooser for ${selector}; the focus was on: ${seen.join(', ')}`);
}
