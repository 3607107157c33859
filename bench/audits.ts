/**
 * Latency of the GEO audits against a local fixture site (issue 11: a crawlability check under 3 s, a content
 * check with rendering under 5 s). Measured twice: the checks alone (robots.txt and a probe per crawler of the
 * catalog; static fetch, Chromium render, analyses), each beside a floor measured in the same run (a bare GET of
 * the same page with node:http, one load of the page in the same browser without the guard's routing); and end
 * to end as a user waits for them, from the creating operation to the completed check in the read model, run by
 * the worker `serve` starts. Runnable alone: `node --import tsx bench/audits.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import type { Browser } from 'playwright-core';
import { contentCheckCrawler, CRAWLABILITY_CRAWLERS } from '../src/app/audits/crawlers.js';
import { runContentCheck, runCrawlabilityCheck } from '../src/app/audits/index.js';
import { createContentCheckOperation, createCrawlabilityCheckOperation } from '../src/app/audits/operations.js';
import type { Operation } from '../src/app/shared/operation.js';
import { OPERATOR } from '../src/app/shared/principal.js';
import { createTeam } from '../src/app/teams/teams.js';
import { createWorkspace } from '../src/app/workspaces/commands.js';
import { compose } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { createChromiumRenderer, launchChromium } from '../src/infra/browser/index.js';
import { createSafeFetcher } from '../src/infra/http/index.js';
import { AUDIT_COLLECTIONS } from '../src/projections/audits/documents.js';
import { auditsProjection } from '../src/projections/audits/projection.js';
import { startGptBotBlockingSite } from '../test/support/fixtureSites/index.js';

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

/** The checks alone, as the worker runs them, each beside its floor. */
async function checksAlone(pageUrl: string): Promise<Record<string, number>> {
  const fetcher = createSafeFetcher({ allowPrivateNetworks: true });
  // The floor loads the page directly, which the renderer's own browser cannot (it opens no connection itself).
  const browser = await launchChromium();
  const renderer = createChromiumRenderer({ fetcher });
  const crawlabilityCheck = () => runCrawlabilityCheck(pageUrl, CRAWLABILITY_CRAWLERS, { fetcher });
  const contentCheck = () =>
    runContentCheck(pageUrl, { crawler: contentCheckCrawler('ChatGPT-User'), sendServiceHeader: true, checkId: 'bench', teamId: 'bench' }, { fetcher, renderer });
  try {
    // One of each first, so that connections, the browser and the JIT are warm for the measured run.
    await bareGet(pageUrl);
    await crawlabilityCheck();
    await bareLoad(browser, pageUrl);
    await contentCheck();

    const crawlabilityFloorMs = await millisecondsOf(() => bareGet(pageUrl));
    const crawlabilityCheckMs = await millisecondsOf(crawlabilityCheck);
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
    await Promise.all([renderer.close(), browser.close()]);
  }
}

/** From the creating operation to the completed check in the read model, through compose's worker. */
async function endToEnd(pageUrl: string): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-audits-'));
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0', AUDIT_ALLOW_PRIVATE_NETWORKS: '1' }), pino({ level: 'silent' }));
  const runner = composition.createProjectionRunner();
  await runner.start();
  const services = composition.createServices(runner);
  const worker = composition.createAuditWorker({ pollMs: 20 });
  worker.start();
  try {
    const { id: teamId } = await createTeam(composition.context, { name: 'Bench', plan: 'premium' });
    const { id: workspaceId } = await createWorkspace(composition.context, { teamId, name: 'Bench' });
    const completed = async (operation: Operation, collection: string): Promise<void> => {
      const { id } = (await operation.run({ workspaceId, url: pageUrl }, { principal: OPERATOR, deps: services, log: composition.context.logger })) as { id: string };
      const audits = await composition.readModels.collection<{ _id: string; status: string }>(auditsProjection, collection);
      for (let status = 'pending'; status === 'pending'; status = (await audits.findOne({ _id: id }))?.status ?? 'pending') await delay(5);
    };
    const crawlability = () => completed(createCrawlabilityCheckOperation, AUDIT_COLLECTIONS.crawlabilityChecks);
    const content = () => completed(createContentCheckOperation, AUDIT_COLLECTIONS.contentChecks);
    await crawlability();
    await content();
    return {
      crawlabilityCheckEndToEndMs: round(await millisecondsOf(crawlability)),
      contentCheckEndToEndMs: round(await millisecondsOf(content)),
    };
  } finally {
    await worker.stop();
    await runner.stop();
    await composition.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchAudits(): Promise<Record<string, number>> {
  const site = await startGptBotBlockingSite();
  const pageUrl = `${site.origin}${PAGE_PATH}`;
  try {
    return { ...(await checksAlone(pageUrl)), ...(await endToEnd(pageUrl)) };
  } finally {
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
  process.stdout.write(`  crawlability check, created to completed by the worker: ${figures.crawlabilityCheckEndToEndMs} ms (aim < 3,000 ms)\n`);
  process.stdout.write(`  content check, created to completed by the worker: ${figures.contentCheckEndToEndMs} ms (aim < 5,000 ms)\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
