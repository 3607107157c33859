import { describe, expect, test } from '@jest/globals';
import {
  agentStats,
  agentTotals,
  pageTotals,
  type AgentCount,
  type AgentDayCounts,
  type AgentFilter,
  type PageDayCounts,
} from '../../../src/domain/agentLogs/index.js';

const gptbot = (visits: number, verifiedVisits: number, spoofedVisits: number): AgentCount => ({
  agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits, verifiedVisits, spoofedVisits,
});
const chatgptUser: AgentCount = { agent: 'ChatGPT-User', engine: 'chatgpt', category: 'user_fetch', visits: 2, verifiedVisits: 2, spoofedVisits: 0 };
const claudebot: AgentCount = { agent: 'ClaudeBot', engine: 'claude', category: 'training', visits: 3, verifiedVisits: 0, spoofedVisits: 0 };
const bingbot: AgentCount = { agent: 'bingbot', engine: 'copilot', category: 'search_index', visits: 5, verifiedVisits: 5, spoofedVisits: 0 };
const ccbot: AgentCount = { agent: 'CCBot', engine: 'other', category: 'training', visits: 3, verifiedVisits: 0, spoofedVisits: 0 };

const days: AgentDayCounts[] = [
  { day: '2026-11-10', agents: [chatgptUser, claudebot, gptbot(5, 4, 1)] },
  { day: '2026-11-12', agents: [ccbot, gptbot(1, 0, 0), bingbot] },
];

const pages: PageDayCounts[] = [
  { day: '2026-11-10', path: '/pricing', agents: [{ agent: 'ChatGPT-User', engine: 'chatgpt', visits: 2 }, { agent: 'GPTBot', engine: 'chatgpt', visits: 3 }] },
  { day: '2026-11-10', path: '/blog', agents: [{ agent: 'ClaudeBot', engine: 'claude', visits: 3 }, { agent: 'GPTBot', engine: 'chatgpt', visits: 2 }] },
  { day: '2026-11-12', path: '/pricing', agents: [{ agent: 'GPTBot', engine: 'chatgpt', visits: 1 }, { agent: 'bingbot', engine: 'copilot', visits: 5 }] },
  { day: '2026-11-12', path: '/about', agents: [{ agent: 'CCBot', engine: 'other', visits: 3 }] },
];

describe('agentTotals', () => {
  test('sums each agent over the days, busiest first, equal visits by name', () => {
    expect(agentTotals(days, {})).toEqual([
      gptbot(6, 4, 1),
      bingbot,
      ccbot,
      claudebot,
      chatgptUser,
    ]);
  });

  test('orders names of equal visits as people do, ignoring case', () => {
    const one = (agent: string): AgentCount => ({ agent, engine: 'other', category: 'training', visits: 1, verifiedVisits: 0, spoofedVisits: 0 });
    const tied: AgentDayCounts[] = [{ day: '2026-11-10', agents: [one('Bytespider'), one('bingbot'), one('Amazonbot')] }];
    expect(agentTotals(tied, {}).map(({ agent }) => agent)).toEqual(['Amazonbot', 'bingbot', 'Bytespider']);
  });

  test.each<[string, AgentFilter, string[]]>([
    ['one engine', { engine: 'chatgpt' }, ['GPTBot', 'ChatGPT-User']],
    ['other, the crawlers outside the named engines', { engine: 'other' }, ['CCBot']],
    ['an engine nobody visited for', { engine: 'perplexity' }, []],
    ['a substring of the name, case-insensitively', { agent: 'GPT' }, ['GPTBot', 'ChatGPT-User']],
    ['a substring in another case', { agent: 'chatgpt-USER' }, ['ChatGPT-User']],
    ['% literally, not as a wildcard', { agent: 'GPT%' }, []],
    ['_ literally, not as a wildcard', { agent: 'C_Bot' }, []],
    ['regular expression characters literally', { agent: '.*' }, []],
    ['a hyphen', { agent: '-' }, ['ChatGPT-User']],
    ['both filters together', { engine: 'claude', agent: 'bot' }, ['ClaudeBot']],
    ['an empty name, which every agent contains', { agent: '' }, ['GPTBot', 'bingbot', 'CCBot', 'ClaudeBot', 'ChatGPT-User']],
  ])('keeps only the agents of %s', (_case, filter, agents) => {
    expect(agentTotals(days, filter).map(({ agent }) => agent)).toEqual(agents);
  });
});

describe('pageTotals', () => {
  test('sums each page over the days with its distinct agents, busiest first', () => {
    expect(pageTotals(pages, {})).toEqual([
      { path: '/pricing', visits: 11, agents: 3 },
      { path: '/blog', visits: 5, agents: 2 },
      { path: '/about', visits: 3, agents: 1 },
    ]);
  });

  test('counts only the visits and agents that pass the filter, dropping pages left without', () => {
    expect(pageTotals(pages, { engine: 'chatgpt' })).toEqual([
      { path: '/pricing', visits: 6, agents: 2 },
      { path: '/blog', visits: 2, agents: 1 },
    ]);
  });

  test('orders pages of equal visits by path', () => {
    const tied: PageDayCounts[] = ['/b', '/a'].map((path) => ({ day: '2026-11-10', path, agents: [{ agent: 'GPTBot', engine: 'chatgpt', visits: 1 }] }));
    expect(pageTotals(tied, {}).map(({ path }) => path)).toEqual(['/a', '/b']);
  });
});

describe('agentStats', () => {
  const window = { startDate: '2026-11-10', endDate: '2026-11-13' };

  test('totals, every engine and category busiest first, every day of the window and the busiest pages', () => {
    expect(agentStats(window, days, pages, {})).toEqual({
      totalAgentVisits: 19,
      pagesVisited: 3,
      topEngine: 'chatgpt',
      engines: [
        { engine: 'chatgpt', visits: 8 },
        { engine: 'copilot', visits: 5 },
        { engine: 'claude', visits: 3 },
        { engine: 'other', visits: 3 },
        { engine: 'perplexity', visits: 0 },
        { engine: 'google', visits: 0 },
      ],
      daily: [
        { date: '2026-11-10', visits: 10 },
        { date: '2026-11-11', visits: 0 },
        { date: '2026-11-12', visits: 9 },
        { date: '2026-11-13', visits: 0 },
      ],
      categories: [
        { category: 'training', visits: 12 },
        { category: 'search_index', visits: 5 },
        { category: 'user_fetch', visits: 2 },
        { category: 'agent', visits: 0 },
        { category: 'other', visits: 0 },
      ],
      topPages: [
        { path: '/pricing', visits: 11 },
        { path: '/blog', visits: 5 },
        { path: '/about', visits: 3 },
      ],
    });
  });

  test('apply the filters to every figure', () => {
    const stats = agentStats(window, days, pages, { agent: 'claude' });
    expect(stats).toMatchObject({ totalAgentVisits: 3, pagesVisited: 1, topEngine: 'claude', topPages: [{ path: '/blog', visits: 3 }] });
    expect(stats.daily.map(({ visits }) => visits)).toEqual([3, 0, 0, 0]);
  });

  test('without visits: real zeros, every engine, category and day listed, and no top engine', () => {
    expect(agentStats({ startDate: '2026-11-14', endDate: '2026-11-15' }, [], [], {})).toEqual({
      totalAgentVisits: 0,
      pagesVisited: 0,
      topEngine: null,
      engines: ['chatgpt', 'claude', 'copilot', 'perplexity', 'google', 'other'].map((engine) => ({ engine, visits: 0 })),
      daily: [
        { date: '2026-11-14', visits: 0 },
        { date: '2026-11-15', visits: 0 },
      ],
      categories: ['user_fetch', 'search_index', 'training', 'agent', 'other'].map((category) => ({ category, visits: 0 })),
      topPages: [],
    });
  });

  test('the top engine of a tie is the first engine of the list', () => {
    const tie: AgentDayCounts[] = [{ day: '2026-11-10', agents: [claudebot, { ...chatgptUser, visits: 3 }] }];
    expect(agentStats(window, tie, [], {}).topEngine).toBe('chatgpt');
  });

  test('lists at most 20 pages', () => {
    const many: PageDayCounts[] = Array.from({ length: 25 }, (_, index) => ({
      day: '2026-11-10',
      path: `/p${String(index).padStart(2, '0')}`,
      agents: [{ agent: 'GPTBot', engine: 'chatgpt', visits: 100 - index }],
    }));
    const { topPages, pagesVisited } = agentStats(window, [], many, {});
    expect(pagesVisited).toBe(25);
    expect(topPages.map(({ path }) => path)).toEqual(many.slice(0, 20).map(({ path }) => path));
  });
});
