import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { seedDemo } from '../../../src/app/demo/seedDemo.js';
import type { AgentVisitRow } from '../../../src/domain/agentLogs/aggregate.js';
import { openStores, type TestStores } from '../scheduler/support/stores.js';

let stores: TestStores;

beforeEach(async () => {
  stores = await openStores();
});

afterEach(async () => {
  await stores.close();
});

describe('the demo’s access log', () => {
  test('records 30 days of visits, today included, by verified, spoofed and unverifiable crawlers of every engine', async () => {
    const { context } = stores;
    await seedDemo(context);
    const page = await context.eventStore.readAll({ from: 0n, maxCount: 100, filter: { eventTypes: ['AgentVisitsRecorded'] } });
    const rows = page.events.flatMap((event) => (event.data as { rows: AgentVisitRow[] }).rows);
    const days = [...new Set(rows.map((row) => row.day))].sort();
    expect([days[0], days.at(-1), days.length]).toEqual(['2026-02-09', '2026-03-10', 30]);
    expect(new Set(rows.map((row) => row.agent))).toEqual(
      new Set(['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'PerplexityBot', 'Perplexity-User', 'Googlebot', 'bingbot', 'CCBot']),
    );
    const sum = (pick: (row: AgentVisitRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const [visits, verified, spoofed] = [sum((row) => row.visits), sum((row) => row.verifiedVisits), sum((row) => row.spoofedVisits)];
    expect(spoofed).toBeGreaterThan(0);
    expect(verified).toBeGreaterThan(spoofed);
    // ClaudeBot's operator publishes no ranges: its visits are neither verified nor spoofed.
    expect(visits - verified - spoofed).toBe(sum((row) => (row.agent === 'ClaudeBot' ? row.visits : 0)));
  });
});
