import { describe, expect, test } from '@jest/globals';
import { landingPageTotals, referralTotals } from '../../../src/domain/agentLogs/referralAnalytics.js';
import { addToReferralDays, addToReferralPages, referralChanges, type ReferralDayCounts, type ReferralPageCounts } from '../../../src/domain/agentLogs/referralCounts.js';

const days: ReferralDayCounts[] = [
  { day: '2026-11-03', engines: [{ engine: 'chatgpt', visits: 2, sessions: 1 }] },
  {
    day: '2026-11-01',
    engines: [
      { engine: 'chatgpt', visits: 5, sessions: 4 },
      { engine: 'claude', visits: 1, sessions: 1 },
      { engine: 'perplexity', visits: 3, sessions: 3 },
    ],
  },
  { day: '2026-11-02', engines: [{ engine: 'perplexity', visits: 1, sessions: 0 }] },
];

const pages: ReferralPageCounts[] = [
  { day: '2026-11-01', path: '/pricing', engines: [{ engine: 'chatgpt', visits: 3, sessions: 3 }, { engine: 'perplexity', visits: 1, sessions: 1 }] },
  { day: '2026-11-03', path: '/pricing', engines: [{ engine: 'chatgpt', visits: 2, sessions: 1 }] },
  { day: '2026-11-01', path: '/features', engines: [{ engine: 'chatgpt', visits: 2, sessions: 1 }, { engine: 'perplexity', visits: 2, sessions: 2 }] },
  { day: '2026-11-01', path: '/about', engines: [{ engine: 'claude', visits: 1, sessions: 1 }] },
  { day: '2026-11-02', path: '/blog', engines: [{ engine: 'perplexity', visits: 1, sessions: 0 }] },
];

describe('referralTotals', () => {
  test('adds up the window, lists every engine busiest first (zeros in catalog order) and only the days with visits', () => {
    const totals = referralTotals(days, undefined);
    expect([totals.visits, totals.sessions]).toEqual([12, 9]);
    expect(totals.byEngine).toEqual([
      { engine: 'chatgpt', visits: 7, sessions: 5 },
      { engine: 'perplexity', visits: 4, sessions: 3 },
      { engine: 'claude', visits: 1, sessions: 1 },
      ...['gemini', 'copilot', 'deepseek', 'meta', 'other'].map((engine) => ({ engine, visits: 0, sessions: 0 })),
    ]);
    expect(totals.daily.map(({ date, visits, sessions }) => [date, visits, sessions])).toEqual([
      ['2026-11-01', 9, 8],
      ['2026-11-02', 1, 0],
      ['2026-11-03', 2, 1],
    ]);
    expect(totals.daily[0]?.byEngine).toEqual({ chatgpt: 5, perplexity: 3, gemini: 0, copilot: 0, claude: 1, deepseek: 0, meta: 0, other: 0 });
  });

  test('an engine filter counts only its engines, and a day with none of their visits is left out', () => {
    const totals = referralTotals(days, ['claude', 'chatgpt']);
    expect([totals.visits, totals.sessions]).toEqual([8, 6]);
    expect(totals.byEngine.map(({ engine }) => engine)).toEqual(['chatgpt', 'claude']);
    expect(totals.daily.map(({ date, byEngine }) => [date, byEngine])).toEqual([
      ['2026-11-01', { chatgpt: 5, claude: 1 }],
      ['2026-11-03', { chatgpt: 2, claude: 0 }],
    ]);
  });
});

describe('landingPageTotals', () => {
  test('sums each page over the window, most sessions first, then most visits, then by path; engines of the landed sessions', () => {
    expect(landingPageTotals(pages, undefined)).toEqual([
      { path: '/pricing', sessions: 5, visits: 6, engines: ['chatgpt', 'perplexity'] },
      { path: '/features', sessions: 3, visits: 4, engines: ['chatgpt', 'perplexity'] },
      { path: '/about', sessions: 1, visits: 1, engines: ['claude'] },
      { path: '/blog', sessions: 0, visits: 1, engines: [] },
    ]);
  });

  test('with an engine filter, pages and engines of other engines drop out', () => {
    expect(landingPageTotals(pages, ['perplexity'])).toEqual([
      { path: '/features', sessions: 2, visits: 2, engines: ['perplexity'] },
      { path: '/pricing', sessions: 1, visits: 1, engines: ['perplexity'] },
      { path: '/blog', sessions: 0, visits: 1, engines: [] },
    ]);
  });
});

describe('adding referral changes to day and page counts', () => {
  test('visits and landings add up per engine; a landing moved away leaves nothing behind', () => {
    const dayCounts = new Map<string, ReferralDayCounts>();
    const pageCounts = new Map<string, ReferralPageCounts>();
    const changes = referralChanges(
      [{ day: '2026-11-01', engine: 'perplexity', path: '/docs', visits: 1 }],
      [
        { day: '2026-11-01', path: '/docs', engine: 'perplexity', sessions: 1 },
        { day: '2026-11-01', path: '/docs', engine: 'perplexity', sessions: -1 },
        { day: '2026-11-01', path: '/about', engine: 'claude', sessions: 1 },
      ],
    );
    expect(addToReferralDays(dayCounts, changes)).toEqual(new Set(['2026-11-01']));
    addToReferralPages(pageCounts, changes);
    expect(dayCounts.get('2026-11-01')?.engines).toEqual([
      { engine: 'claude', visits: 0, sessions: 1 },
      { engine: 'perplexity', visits: 1, sessions: 0 },
    ]);
    expect([...pageCounts.values()]).toEqual([
      { day: '2026-11-01', path: '/docs', engines: [{ engine: 'perplexity', visits: 1, sessions: 0 }] },
      { day: '2026-11-01', path: '/about', engines: [{ engine: 'claude', visits: 0, sessions: 1 }] },
    ]);
  });
});
