import { describe, expect, test } from '@jest/globals';
import {
  addRowsToAgentDays,
  addRowsToPageDays,
  pageDayKey,
  type AgentDayCounts,
  type AgentVisitRow,
  type PageDayCounts,
} from '../../../src/domain/agentLogs/index.js';

const row = (day: string, agent: string, path: string, visits: number, verifiedVisits = 0, spoofedVisits = 0): AgentVisitRow => ({
  day, agent, path, visits, verifiedVisits, spoofedVisits,
});

describe('addRowsToAgentDays', () => {
  test('sums rows per day and agent, with the catalog’s engine and category, agents in name order', () => {
    const days = new Map<string, AgentDayCounts>();
    const touched = addRowsToAgentDays(days, [
      row('2026-11-10', 'GPTBot', '/a', 2, 1, 1),
      row('2026-11-10', 'GPTBot', '/b', 3, 3, 0),
      row('2026-11-10', 'ClaudeBot', '/a', 1),
      row('2026-11-11', 'bingbot', '/', 4, 4, 0),
    ]);
    expect(touched).toEqual(new Set(['2026-11-10', '2026-11-11']));
    expect(days.get('2026-11-10')).toEqual({
      day: '2026-11-10',
      agents: [
        { agent: 'ClaudeBot', engine: 'claude', category: 'training', visits: 1, verifiedVisits: 0, spoofedVisits: 0 },
        { agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 5, verifiedVisits: 4, spoofedVisits: 1 },
      ],
    });
    expect(days.get('2026-11-11')?.agents).toEqual([
      { agent: 'bingbot', engine: 'copilot', category: 'search_index', visits: 4, verifiedVisits: 4, spoofedVisits: 0 },
    ]);
  });

  test('adds to the counts a day already holds, touching only the days of the rows', () => {
    const days = new Map<string, AgentDayCounts>([
      ['2026-11-10', { day: '2026-11-10', agents: [{ agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 5, verifiedVisits: 4, spoofedVisits: 1 }] }],
      ['2026-11-09', { day: '2026-11-09', agents: [] }],
    ]);
    expect(addRowsToAgentDays(days, [row('2026-11-10', 'GPTBot', '/c', 2, 0, 2)])).toEqual(new Set(['2026-11-10']));
    expect(days.get('2026-11-10')?.agents).toEqual([
      { agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 7, verifiedVisits: 4, spoofedVisits: 3 },
    ]);
  });

  test('counts an agent the catalog no longer lists as other', () => {
    const days = new Map<string, AgentDayCounts>();
    addRowsToAgentDays(days, [row('2026-11-10', 'RetiredBot', '/', 1)]);
    expect(days.get('2026-11-10')?.agents).toEqual([
      { agent: 'RetiredBot', engine: 'other', category: 'other', visits: 1, verifiedVisits: 0, spoofedVisits: 0 },
    ]);
  });
});

describe('addRowsToPageDays', () => {
  test('sums rows per day and page, keeping each agent’s visits with its engine', () => {
    const pages = new Map<string, PageDayCounts>();
    const touched = addRowsToPageDays(pages, [
      row('2026-11-10', 'GPTBot', '/pricing', 2),
      row('2026-11-10', 'ClaudeBot', '/pricing', 1),
      row('2026-11-11', 'GPTBot', '/pricing', 1),
    ]);
    expect(touched).toEqual(new Set([pageDayKey('2026-11-10', '/pricing'), pageDayKey('2026-11-11', '/pricing')]));
    expect(pages.get(pageDayKey('2026-11-10', '/pricing'))).toEqual({
      day: '2026-11-10',
      path: '/pricing',
      agents: [
        { agent: 'ClaudeBot', engine: 'claude', visits: 1 },
        { agent: 'GPTBot', engine: 'chatgpt', visits: 2 },
      ],
    });
    addRowsToPageDays(pages, [row('2026-11-10', 'GPTBot', '/pricing', 3)]);
    expect(pages.get(pageDayKey('2026-11-10', '/pricing'))?.agents[1]).toEqual({ agent: 'GPTBot', engine: 'chatgpt', visits: 5 });
  });
});
