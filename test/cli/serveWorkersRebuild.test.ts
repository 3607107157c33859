import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { importRuns } from '../../src/app/runs/import.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { runGeolens } from '../support/cli.js';
import { startServe, type ServeProcess } from '../support/serveProcess.js';
import { systemClock } from '../../src/background/clock.js';

/**
 * `SERVE_WORKERS=2 geolens serve` with a detection change while runs keep arriving from another process, so
 * that live batches commit during the rebuild and at its switch: the version it switches to must count every
 * run once, as a fresh rebuild of the same report does.
 */
let dataDir: string;
let serve: ServeProcess;
let banner: { readKey: string; writeKey: string; reportId: string };

const authorized = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

async function getJson(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${serve.url}${path}`, { headers: authorized(banner.readKey) });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Appends runs of the report's prompts from this process, as `geolens runs import` would, until stopped. */
function importWhile(promptIds: readonly string[], progress: { running: boolean; imported: number }): Promise<void> {
  return (async () => {
    const context = { eventStore: new SqliteEventStore(dataDir), documentStore: await SqliteDocumentStore.open(dataDir), logger: pino({ level: 'silent' }), clock: systemClock };
    try {
      for (let round = 0; progress.running; round++) {
        const lines = promptIds.map((promptId, index) =>
          JSON.stringify({
            runId: `switch-${round}-${index}`,
            promptId,
            engine: index % 2 === 0 ? 'chatgpt' : 'perplexity',
            runDate: `${day(1 + (round % 5))}T10:00:00Z`,
            content: `Nimbus CRM and HubSpot lead; Pipedrive round ${round}.`,
            citations: [{ title: 'G2', link: 'https://www.g2.com/categories/crm', rank: 1 }],
          }),
        );
        progress.imported += (await importRuns(context, lines)).imported;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await context.eventStore.close();
      await context.documentStore.close();
    }
  })();
}

/** The report's figures per country over the last 40 days, without the flag that says a rebuild is running. */
async function figures(countries: readonly string[]): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const country of countries) {
    const { isRecalculating: _recalculating, ...stats } = await getJson(`/v1/reports/brand/${banner.reportId}/stats?startDate=${day(40)}&endDate=${day(0)}&country=${country}`);
    answers[country] = stats;
  }
  return answers;
}

/** Every worker reports every projection at the head of the log (successive connections reach both). */
async function caughtUp(): Promise<boolean> {
  for (let request = 0; request < 4; request++) {
    const health = (await (await fetch(`${serve.url}/v1/health`)).json()) as { projections: Array<{ lag: string }> };
    if (health.projections.some(({ lag }) => lag !== '0')) return false;
  }
  return true;
}

const recalculationFinished = async (version: number) => {
  const status = await getJson(`/v1/reports/brand/${banner.reportId}/recalculation`);
  return status.version === version && status.state === 'finished';
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-workers-rebuild-'));
  serve = await startServe(dataDir, { SERVE_WORKERS: '2', GEOLENS_DEMO: '1' });
  let printed = serve.printed();
  await until(async () => (printed = serve.printed()).includes('curl -H'), 10_000, 'the banner');
  const field = (pattern: RegExp) => pattern.exec(printed)?.[1] ?? '';
  banner = { readKey: field(/read key:\s+(\S+)/), writeKey: field(/write key:\s+(\S+)/), reportId: field(/brand report (\S+)/) };
}, 180_000);

afterAll(async () => {
  await serve?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('SERVE_WORKERS=2: a detection change with runs arriving during the rebuild and its switch', () => {
  test("the new version's figures equal a fresh rebuild's", async () => {
    const report = await getJson(`/v1/reports/brand/${banner.reportId}`);
    const promptIds = report.promptIds as string[];
    const countries = Object.keys(report.countryPromptsTotal as Record<string, number>);
    const before = (await getJson(`/v1/reports/brand/${banner.reportId}/recalculation`)).version as number;
    const importing = { running: true, imported: 0 };
    const imports = importWhile(promptIds, importing);

    const changed = await fetch(`${serve.url}/v1/reports/brand/${banner.reportId}`, {
      method: 'PATCH',
      headers: authorized(banner.writeKey),
      body: JSON.stringify({ brandVariations: ['Nimbus', 'NimbusCRM'] }),
    });
    expect(changed.status).toBe(200);
    await until(() => recalculationFinished(before + 1), 120_000, 'the rebuild after the detection change');
    const importedBySwitch = importing.imported;
    // Runs keep arriving a little after the switch, then the log stands still and every worker catches up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    importing.running = false;
    await imports;
    await until(caughtUp, 60_000, 'the projections');
    const switched = await figures(countries);

    const replay = await runGeolens(dataDir, 'replay', '--report', banner.reportId, '--wait', '--json');
    expect(replay.status).toBe(0);
    await until(() => recalculationFinished(before + 2), 60_000, 'the fresh rebuild');
    const fresh = await figures(countries);

    expect(importedBySwitch).toBeGreaterThan(0);
    expect(importing.imported).toBeGreaterThan(importedBySwitch);
    expect(switched).toEqual(fresh);
  }, 300_000);
});
