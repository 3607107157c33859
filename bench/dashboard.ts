/**
 * The dashboard (issue 20): the initial JavaScript and CSS gzipped, and the time from navigation to the
 * overview showing data in Chromium (the page's own performance clock: `performance.now()` when the brand
 * coverage appears), on the demo data and on the analytics bench report (63,000 runs over 90 days), each the
 * median of 5 navigations after a first cold one. Runnable alone: `node --import tsx bench/dashboard.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pino } from 'pino';
import type { Browser } from 'playwright-core';
import { createUser } from '../src/app/credentials/credentials.js';
import { seedDemo } from '../src/app/demo/seedDemo.js';
import { compose, type Composition } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { launchChromium } from '../src/infra/browser/index.js';
import { DAYS, dayOf, FULL_PROMPTS, seed } from './analytics.js';

const WEB = join(import.meta.dirname, '..', 'web');
const silent = pino({ level: 'silent' });
const PASSWORD = 'dashboard bench password';
const NAVIGATIONS = 5;

/** Gzipped bytes of the scripts and stylesheets index.html loads. */
function initialGzipBytes(): number {
  if (!existsSync(join(WEB, 'dist', 'index.html'))) execFileSync('npm', ['run', 'build:web'], { stdio: 'ignore' });
  const html = readFileSync(join(WEB, 'dist', 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  return files.reduce((total, file) => total + gzipSync(readFileSync(join(WEB, 'dist', file))).length, 0);
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serve(composition: Composition): Promise<Served> {
  const runner = composition.createProjectionRunner();
  await runner.start();
  const server: Server = createServer(composition.createHttpApp(composition.createServices(runner)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.stop();
    },
  };
}

/** Milliseconds from navigation start to the overview's brand coverage on screen: a cold load, then the median of warm ones. */
async function timeToData(browser: Browser, base: string, email: string, overviewPath: string): Promise<{ coldMs: number; medianMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const signedIn = await context.request.post(`${base}/auth/session`, { data: { email, password: PASSWORD } });
    if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()}`);
    const page = await context.newPage();
    const timings: number[] = [];
    for (let navigation = 0; navigation <= NAVIGATIONS; navigation++) {
      await page.goto(`${base}${overviewPath}`);
      await page.locator('[data-metric="summary.brandCoverage"]').waitFor({ timeout: 60_000 });
      timings.push(await page.evaluate(() => performance.now()));
    }
    const [coldMs = 0, ...warm] = timings;
    return { coldMs: Math.round(coldMs), medianMs: Math.round(warm.sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? 0) };
  } finally {
    await context.close();
  }
}

export async function withStores<T>(work: (config: Config) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-dashboard-'));
  try {
    return await work({ ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureReport(browser: Browser, config: Config, teamId: string, overviewPath: string, composition: Composition) {
  const email = `bench-${teamId.slice(-6).toLowerCase()}@example.com`;
  await createUser(composition.context, { teamId, email, permission: 'read', workspaceIds: 'all', password: PASSWORD });
  const served = await serve(composition);
  try {
    return await timeToData(browser, served.url, email, overviewPath);
  } finally {
    await served.close();
  }
}

export async function benchDashboard(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  const figures: Record<string, number> = { dashboardInitialGzipKB: Math.round(initialGzipBytes() / 102.4) / 10 };
  const browser = await launchChromium();
  try {
    const demo = await withStores(async (config) => {
      const composition = await compose(config, silent);
      try {
        const seeded = await seedDemo(composition.context);
        return await measureReport(browser, config, seeded.teamId, `/reports/${seeded.reportId}`, composition);
      } finally {
        await composition.close();
      }
    });
    figures.dashboardDemoOverviewColdMs = demo.coldMs;
    figures.dashboardDemoOverviewMs = demo.medianMs;
    const crm = await withStores(async (config) => {
      const { seeded, runs } = await seed(config, Math.max(1, Math.round(FULL_PROMPTS * scale)));
      const composition = await compose(config, silent);
      try {
        const window = `startDate=${dayOf(DAYS - 1)}&endDate=${dayOf(0)}&country=us`;
        return { runs, ...(await measureReport(browser, config, seeded.teamId, `/reports/${seeded.reportId}?${window}`, composition)) };
      } finally {
        await composition.close();
      }
    });
    figures.dashboardCrmRuns = crm.runs;
    figures.dashboardCrmOverviewColdMs = crm.coldMs;
    figures.dashboardCrmOverviewMs = crm.medianMs;
  } finally {
    await browser.close();
  }
  return figures;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [figure, value] of Object.entries(await benchDashboard())) process.stdout.write(`  ${figure.padEnd(40)} ${value.toLocaleString('en-US').padStart(10)}\n`);
}
