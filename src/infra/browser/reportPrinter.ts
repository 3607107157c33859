import { randomUUID } from 'node:crypto';
import { FetchRefusedError } from '../../ports/web.js';
import type { ReportPrinter } from '../../ports/reportPrinter.js';
import type { SafeFetcher } from '../http/index.js';
import type { BrowserProcess } from './browserProcess.js';
import { createChromiumRenderer, RENDER_DEFAULTS } from './chromiumRenderer.js';

/** Where a page being printed is loaded from: a name that resolves nowhere, answered from memory. */
const PRINT_ORIGIN = 'http://report-print.invalid';

/**
 * The page has nothing to fetch, so it has settled once loaded: the wait for a quiet network (half a second of
 * none, in Chromium) is cut to this.
 */
const SETTLE_MS = 150;

const refused = (url: string) => new FetchRefusedError(`a printed report loads nothing but itself (${url})`);

/**
 * Prints report pages with the content checks' renderer: the page is handed to Chromium from memory, and every
 * other request the page makes is refused, so printing reaches no network at all. At most two pages print at
 * once in a process (the renderer's concurrency), one team at most half of them while others wait.
 */
export function createReportPrinter(launch: () => Promise<BrowserProcess>): ReportPrinter {
  const pages = new Map<string, string>();
  const fetcher: SafeFetcher = {
    get: (url) => Promise.reject(refused(url)),
    async follow({ url }) {
      const html = pages.get(url);
      if (html === undefined) throw refused(url);
      return { url, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html, 'utf8') };
    },
  };
  const renderer = createChromiumRenderer({ fetcher, launch, concurrency: RENDER_DEFAULTS.concurrency, settleTimeoutMs: SETTLE_MS });
  return {
    async print(html, team) {
      const url = `${PRINT_ORIGIN}/${randomUUID()}`;
      pages.set(url, html);
      try {
        return await renderer.printPdf(url, { team, userAgent: 'geolens report printer', headers: {} });
      } finally {
        pages.delete(url);
      }
    },
    close: () => renderer.close(),
  };
}
