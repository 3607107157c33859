import PQueue from 'p-queue';
import { chromium, type Browser } from 'playwright-core';
import { FetchFailedError, type PageRenderer, type RenderedPage, type RenderRequest } from '../../ports/web.js';
import type { SafeFetcher } from '../http/index.js';
import { locateChromium } from './chromiumPath.js';
import { routeThroughGuard } from './guardedRouting.js';

/** The flags toolchain.md verified on these machines: headless, no sandbox (containers), nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ChromiumRendererOptions {
  /** Every request the page makes goes through it, so rendering obeys the same SSRF guard as fetching. */
  fetcher: SafeFetcher;
  /** Starts a browser; defaults to `launchChromium()`. */
  launch?: () => Promise<Browser>;
  /** Pages rendered at once. */
  concurrency?: number;
  /** Until the document's DOM is parsed. */
  pageTimeoutMs?: number;
  /** After that, how long to wait for the load event and a quiet network before reading the DOM as it is. */
  settleTimeoutMs?: number;
}

export interface ChromiumRenderer extends PageRenderer {
  close(): Promise<void>;
}

/** Starts the browser `locateChromium` finds now (CHROMIUM_PATH, else the usual install paths) with CHROMIUM_ARGS; rejects saying what to install when there is none. */
export function launchChromium(configuredPath?: string): Promise<Browser> {
  const browser = locateChromium(configuredPath);
  if (browser.state === 'unavailable') return Promise.reject(new Error(browser.reason));
  return chromium.launch({ executablePath: browser.executablePath, args: CHROMIUM_ARGS });
}

/** The first line of a Playwright error: the rest is its call log. */
const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * Headless Chromium for content checks: one browser shared by every render, relaunched when it crashes or
 * disconnects, at most `concurrency` pages at once, each in a fresh context with the crawler's identity.
 */
export function createChromiumRenderer(options: ChromiumRendererOptions): ChromiumRenderer {
  const launch = options.launch ?? launchChromium;
  const pageTimeoutMs = options.pageTimeoutMs ?? 30_000;
  const settleTimeoutMs = options.settleTimeoutMs ?? 5_000;
  const queue = new PQueue({ concurrency: options.concurrency ?? 2 });
  let browser: Promise<Browser> | null = null;
  let closed = false;

  function currentBrowser(): Promise<Browser> {
    if (browser !== null) return browser;
    const launching = launch().then((launched) => {
      launched.on('disconnected', () => {
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

  async function renderIn(running: Browser, url: string, request: RenderRequest): Promise<RenderedPage> {
    const context = await running.newContext({ userAgent: request.userAgent, extraHTTPHeaders: request.headers, serviceWorkers: 'block' });
    try {
      const log = await routeThroughGuard(context, options.fetcher);
      const page = await context.newPage();
      const response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: pageTimeoutMs }).catch((error: unknown) => {
        throw log.documentRefusal ?? log.documentFailure ?? new FetchFailedError('network', `rendering ${url} failed: ${firstLine(error)}`);
      });
      // Pages that keep loading or polling are read as they stand once the settle time is up.
      await page.waitForLoadState('load', { timeout: settleTimeoutMs }).catch(() => undefined);
      await page.waitForLoadState('networkidle', { timeout: settleTimeoutMs }).catch(() => undefined);
      return { html: await page.content(), status: response?.status() ?? 0 };
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  /** Renders once; when the browser died under the render, once more in a relaunched browser. */
  async function render(url: string, request: RenderRequest): Promise<RenderedPage> {
    if (closed) throw new Error('the renderer is closed');
    const running = await currentBrowser();
    try {
      return await renderIn(running, url, request);
    } catch (error) {
      if (running.isConnected() || closed) throw error;
      return renderIn(await currentBrowser(), url, request);
    }
  }

  return {
    render: (url, request) => queue.add(() => render(url, request)),
    async close() {
      // Renders still queued fail when their turn comes; those under way fail as the browser closes.
      closed = true;
      const closing = browser;
      browser = null;
      if (closing !== null) await (await closing.catch(() => null))?.close();
    },
  };
}
