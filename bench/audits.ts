/**
 * Latency of the GEO audits against a local fixture site: one crawlability check (robots.txt and seven
 * crawler probes) and one content check (static fetch, Chromium render, analyses), each beside a floor
 * measured in the same run: a bare GET of the same page with node:http, and one load of the page in the same
 * browser without the guard's routing. Runnable alone: `node --import tsx bench/audits.ts`.
 */
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { runContentCheck, runCrawlabilityCheck } from '../src/app/audits/index.js';
import { createChromiumRenderer, launchChromium } from '../src/infra/browser/index.js';
import { createSafeFetcher } from '../src/infra/http/index.js';
import { TEST_CRAWLERS, startGptBotBlockingSite, testCrawler } from '../test/support/fixtureSites/index.js';

const PAGE_PATH = '/blog/post';

async function millisecondsOf(work: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await work();
  return performance.now() - startedAt;
}

/** One GET with nothing but node:http: what any fetch of the page costs at least. */
function bareGet(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      response.resume();
      response.on('end', resolve);
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** One load of the page in `browser`, unrouted: what any render of the page costs at least. */
async function bareLoad(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.content();
  } finally {
    await context.close();
  }
}

const round = (value: number): number => Math.round(value * 10) / 10;

export async function benchAudits(): Promise<Record<string, number>> {
  const site = await startGptBotBlockingSite();
  const pageUrl = `${site.origin}${PAGE_PATH}`;
  const fetcher = createSafeFetcher({ allowPrivateNetworks: true });
  const browser = await launchChromium();
  const renderer = createChromiumRenderer({ fetcher, launch: async () => browser });
  const contentCheck = () =>
    runContentCheck(pageUrl, { crawler: testCrawler('ChatGPT-User'), sendServiceHeader: true, checkId: 'bench' }, { fetcher, renderer });
  try {
    // One of each first, so that connections, the browser and the JIT are warm for the measured run.
    await bareGet(pageUrl);
    await runCrawlabilityCheck(pageUrl, TEST_CRAWLERS, { fetcher });
    await bareLoad(browser, pageUrl);
    await contentCheck();

    const crawlabilityFloorMs = await millisecondsOf(() => bareGet(pageUrl));
    const crawlabilityCheckMs = await millisecondsOf(() => runCrawlabilityCheck(pageUrl, TEST_CRAWLERS, { fetcher }));
    const contentFloorMs = await millisecondsOf(() => bareLoad(browser, pageUrl));
    const contentCheckMs = await millisecondsOf(contentCheck);
    return {
      crawlabilityCheckMs: round(crawlabilityCheckMs),
      crawlabilityFloorMs: round(crawlabilityFloorMs),
      crawlabilityVsFloor: round(crawlabilityCheckMs / crawlabilityFloorMs),
      contentCheckMs: round(contentCheckMs),
      contentFloorMs: round(contentFloorMs),
      contentVsFloor: round(contentCheckMs / contentFloorMs),
    };
  } finally {
    await renderer.close();
    await site.close();
  }
}

async function main(): Promise<void> {
  const figures = await benchAudits();
  const line = (name: string, measured: number, floorName: string, floor: number, ratio: number, aim: string) =>
    `  ${name.padEnd(20)} ${`${measured} ms`.padStart(10)}   floor (${floorName}) ${`${floor} ms`.padStart(9)}   ratio ${ratio}×   (aim ${aim})\n`;
  process.stdout.write('\naudits\n');
  process.stdout.write(
    line('crawlability check', figures.crawlabilityCheckMs!, 'bare node:http GET', figures.crawlabilityFloorMs!, figures.crawlabilityVsFloor!, '< 3,000 ms'),
  );
  process.stdout.write(
    line('content check', figures.contentCheckMs!, 'one page load in the browser', figures.contentFloorMs!, figures.contentVsFloor!, '< 5,000 ms'),
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
