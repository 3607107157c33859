import type { BrowserContext, Page } from 'playwright-core';
import { FairQueue } from '../../background/fairShare.js';
import { FetchFailedError, type PagePrinter, type PageRenderer, type RenderedPage, type RenderRequest } from '../../ports/web.js';
import type { SafeFetcher } from '../http/index.js';
import { launchRendererBrowser, settlesWithin, type BrowserProcess } from './browserProcess.js';
import { routeThroughGuard } from './guardedRouting.js';
import { RenderDeadline, RenderDeadlineError } from './renderDeadline.js';

export interface ChromiumRendererOptions {
  /** Every request the page makes goes through it, so rendering obeys the same SSRF guard as fetching. */
  fetcher: SafeFetcher;
  /** Starts a browser; defaults to `launchRendererBrowser()`. */
  launch?: () => Promise<BrowserProcess>;
  /** Pages rendered at once; one team gets at most half of them. */
  concurrency?: number;
  /** A whole render, from opening the page to reading (or printing) it; past it the render fails. */
  deadlineMs?: number;
  /** Once the DOM is parsed, how long to wait for the load event and a quiet network before reading the DOM as it is. */
  settleTimeoutMs?: number;
  /** How long a page (or, closing, the browser) may take to close before the browser's process is killed. */
  closeGraceMs?: number;
}

export interface ChromiumRenderer extends PageRenderer, PagePrinter {
  /** Fails the renders under way and those queued, and closes the browser (killed if it does not close). */
  close(): Promise<void>;
}

export const RENDER_DEFAULTS = { concurrency: 2, deadlineMs: 20_000, settleTimeoutMs: 5_000, closeGraceMs: 3_000 };

/** Time kept for reading the page once it has settled: the settle waits end early to leave it. */
const READ_RESERVE_MS = 2_000;

/** The first line of a Playwright error: the rest is its call log. */
const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

type Settings = typeof RENDER_DEFAULTS;

/** What a loaded page is turned into: its DOM, or a PDF of it. */
type Reading<T> = (page: Page, deadline: RenderDeadline) => Promise<T>;

/** Loads `url` in a fresh context of `running` and reads it, each step under `deadline`; the context is closed after, the process killed when it does not close. */
async function loadAndRead<T>(running: BrowserProcess, url: string, request: RenderRequest, fetcher: SafeFetcher, settings: Settings, read: Reading<T>): Promise<{ status: number; read: T }> {
  const deadline = new RenderDeadline(url, settings.deadlineMs);
  const opening = running.browser.newContext({ userAgent: request.userAgent, extraHTTPHeaders: request.headers, serviceWorkers: 'block' });
  const context = await deadline.step('opening a page', opening);
  try {
    const log = await deadline.step('opening a page', routeThroughGuard(context, fetcher));
    const page = await deadline.step('opening a page', context.newPage());
    // Playwright's own timeout is the later one: the deadline's message is the one to show.
    const loading = page.goto(url, { waitUntil: 'domcontentloaded', timeout: deadline.remainingMs() + 1_000 }).catch((error: unknown) => {
      throw log.documentRefusal ?? log.documentFailure ?? new FetchFailedError('network', `rendering ${url} failed: ${firstLine(error)}`);
    });
    const response = await deadline.step('loading the page', loading);
    await settle(page, deadline, settings.settleTimeoutMs);
    return { status: response?.status() ?? 0, read: await read(page, deadline) };
  } finally {
    await closeOrKill(context, running, settings.closeGraceMs);
  }
}

/** Pages that keep loading or polling are read as they stand once the settle time is up, or the deadline nears. */
async function settle(page: Page, deadline: RenderDeadline, settleTimeoutMs: number): Promise<void> {
  for (const state of ['load', 'networkidle'] as const) {
    const timeout = Math.min(settleTimeoutMs, deadline.remainingMs() - READ_RESERVE_MS);
    if (timeout <= 0) return;
    await deadline.step('waiting for the page to settle', page.waitForLoadState(state, { timeout }).catch(() => undefined));
  }
}

async function closeOrKill(context: BrowserContext, running: BrowserProcess, graceMs: number): Promise<void> {
  if (!(await settlesWithin(context.close(), graceMs))) await running.kill();
}

/**
 * Headless Chromium for content checks: one browser shared by every render, relaunched when it crashes or
 * disconnects, at most `concurrency` pages at once (one team at most half of them), each in a fresh context with
 * the crawler's identity, under one deadline from opening the page to reading it. A render past its deadline
 * fails with a RenderDeadlineError and is not tried again; one whose browser died under it (killed because another
 * page would not close) is tried once more in a new browser, unless the renderer is closing.
 */
export function createChromiumRenderer(options: ChromiumRendererOptions): ChromiumRenderer {
  const launch = options.launch ?? launchRendererBrowser;
  const settings: Settings = {
    concurrency: options.concurrency ?? RENDER_DEFAULTS.concurrency,
    deadlineMs: options.deadlineMs ?? RENDER_DEFAULTS.deadlineMs,
    settleTimeoutMs: options.settleTimeoutMs ?? RENDER_DEFAULTS.settleTimeoutMs,
    closeGraceMs: options.closeGraceMs ?? RENDER_DEFAULTS.closeGraceMs,
  };
  const queue = new FairQueue(settings.concurrency);
  let browser: Promise<BrowserProcess> | null = null;
  let closed = false;

  function currentBrowser(): Promise<BrowserProcess> {
    if (browser !== null) return browser;
    const launching = launch().then((launched) => {
      launched.browser.on('disconnected', () => {
        if (browser === launching) browser = null;
      });
      return launched;
    });
    launching.catch(() => {
      if (browser === launching) browser = null;
    });
    browser = launching;
    return launching;
  }

  async function attempt<T>(url: string, request: RenderRequest, read: Reading<T>): Promise<{ status: number; read: T }> {
    if (closed) throw new Error('the renderer is closed');
    const running = await currentBrowser();
    try {
      return await loadAndRead(running, url, request, options.fetcher, settings, read);
    } catch (error) {
      if (closed || error instanceof RenderDeadlineError || running.browser.isConnected()) throw error;
      return loadAndRead(await currentBrowser(), url, request, options.fetcher, settings, read);
    }
  }

  const readHtml: Reading<string> = (page, deadline) => deadline.step('reading the page', page.content());
  const printPdf: Reading<Uint8Array> = (page, deadline) => deadline.step('printing the page', page.pdf({ format: 'A4', printBackground: true }));

  return {
    async render(url, request): Promise<RenderedPage> {
      const { status, read } = await queue.run(request.team, () => attempt(url, request, readHtml));
      return { html: read, status };
    },
    async printPdf(url, request) {
      return (await queue.run(request.team, () => attempt(url, request, printPdf))).read;
    },
    async close() {
      // Renders still queued fail when their turn comes; those under way fail as the browser closes.
      closed = true;
      const closing = browser;
      browser = null;
      const running = await closing?.catch(() => null);
      await running?.shutDown(settings.closeGraceMs);
    },
  };
}
