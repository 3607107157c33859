/**
 * Client reports (issue 44), on the demo data: the share page's first load in Chromium (navigation start to the
 * load event, a cold one then the median of 5) beside the same bytes from a bare node:http server, and the PDF's
 * render time through `/share/{token}/report.pdf` (a cold one, which launches the printer's browser, then the
 * median of 5) beside Playwright printing the same page, loaded with `setContent`, in a browser already running.
 * Runnable alone: `node --import tsx bench/clientReports.ts`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { seedDemo } from '../src/app/demo/seedDemo.js';
import { compose } from '../src/compose.js';
import { launchChromium } from '../src/infra/browser/index.js';
import { serve, withStores } from './dashboard.js';

const TIMES = 5;

const median = (values: readonly number[]): number => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0);

/** A cold measurement, then the median of `TIMES` more. */
async function coldThenMedian(measure: () => Promise<number>): Promise<{ cold: number; median: number }> {
  const cold = Math.round(await measure());
  const warm: number[] = [];
  for (let time = 0; time < TIMES; time++) warm.push(await measure());
  return { cold, median: median(warm) };
}

/** Navigation start to the load event, by the page's own clock. */
async function loadMs(page: Page, url: string): Promise<number> {
  const answer = await page.goto(url, { waitUntil: 'load' });
  if (!answer?.ok()) throw new Error(`${url}: ${answer?.status()}`);
  return page.evaluate(() => performance.now());
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The same page bytes from a bare server: what loading them costs without geolens reading any figure. */
async function bareServer(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function measure(browser: Browser, base: string, sharePath: string): Promise<Record<string, number>> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const shareUrl = `${base}${sharePath}`;
  const share = await coldThenMedian(() => loadMs(page, shareUrl));
  const html = await (await fetch(shareUrl)).text();
  const bare = await bareServer(html);
  const floor = await coldThenMedian(() => loadMs(page, bare.url));
  await bare.close();
  const pdf = await coldThenMedian(() => timed(async () => (await fetch(`${shareUrl}/report.pdf`)).arrayBuffer()));
  const printFloor = await coldThenMedian(() => timed(async () => {
    await page.setContent(html, { waitUntil: 'load' });
    await page.pdf({ format: 'A4', printBackground: true });
  }));
  return {
    sharePageFirstLoadColdMs: share.cold,
    sharePageFirstLoadMs: share.median,
    sharePageFloorBareServerMs: floor.median,
    sharePageRatioToFloor: Math.round((floor.median / Math.max(share.median, 1)) * 100) / 100,
    reportPdfColdMs: pdf.cold,
    reportPdfMs: pdf.median,
    reportPdfFloorPlaywrightPrintMs: printFloor.median,
    reportPdfRatioToFloor: Math.round((printFloor.median / Math.max(pdf.median, 1)) * 100) / 100,
  };
}

export async function benchClientReports(): Promise<Record<string, number>> {
  const browser = await launchChromium();
  try {
    return await withStores(async (config) => {
      const composition = await compose(config, pino({ level: 'silent' }));
      try {
        const demo = await seedDemo(composition.context);
        const served = await serve(composition);
        try {
          const created = await fetch(`${served.url}/v1/reports/brand/${demo.reportId}/share-links`, {
            method: 'POST',
            headers: { authorization: `Bearer ${demo.writeKey}`, 'content-type': 'application/json' },
            body: '{}',
          });
          const { url } = (await created.json()) as { url: string };
          return await measure(browser, served.url, new URL(url).pathname);
        } finally {
          await served.close();
        }
      } finally {
        await composition.close();
      }
    });
  } finally {
    await browser.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [figure, value] of Object.entries(await benchClientReports())) process.stdout.write(`  ${figure.padEnd(40)} ${value.toLocaleString('en-US').padStart(10)}\n`);
}
