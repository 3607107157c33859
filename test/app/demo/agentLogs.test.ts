import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { seedDemo } from '../../../src/app/demo/seedDemo.js';
import type { AgentVisitRow } from '../../../src/domain/agentLogs/aggregate.js';
import type { ReferralVisitRow, SessionSpan } from '../../../src/domain/agentLogs/referralAggregate.js';
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

  test('records people arriving from AI answers: ChatGPT well ahead, then Perplexity, Gemini, Copilot, Claude; Google, bots and assets not counted', async () => {
    const { context } = stores;
    await seedDemo(context);
    const page = await context.eventStore.readAll({ from: 0n, maxCount: 100, filter: { eventTypes: ['AiReferralsRecorded'] } });
    const rows = page.events.flatMap((event) => (event.data as { rows: ReferralVisitRow[] }).rows);
    const sessions = page.events.flatMap((event) => (event.data as { sessions: SessionSpan[] }).sessions);
    const visitsOf = (engine: string) => rows.filter((row) => row.engine === engine).reduce((total, row) => total + row.visits, 0);
    const [chatgpt, perplexity, gemini, copilot, claude] = ['chatgpt', 'perplexity', 'gemini', 'copilot', 'claude'].map(visitsOf);
    expect(chatgpt).toBeGreaterThan(2 * (perplexity ?? 0));
    expect([perplexity, gemini, copilot, claude].every((visits, index, all) => (visits ?? 0) > 0 && (index === 0 || (visits ?? 0) <= (all[index - 1] ?? 0)))).toBe(true);
    // Each day's people (10, one more every third day), one in three with a second visit; nothing else counts.
    const people = Array.from({ length: 30 }, (_, day) => 10 + Math.floor(day / 3));
    const expectedVisits = people.reduce((total, count) => total + count + Math.floor((count + 1) / 3), 0);
    expect(rows.reduce((total, row) => total + row.visits, 0)).toBe(expectedVisits);
    expect(sessions.length).toBeLessThan(expectedVisits);
    expect(new Set(rows.map((row) => row.day)).size).toBe(30);
    expect(rows.some((row) => row.path.includes('?') || row.path === '/favicon.ico')).toBe(false);
  });
});
