import { describe, expect, test } from '@jest/globals';
import { referralChartData, referralFiltersFromSearch, referralQuery, toggledEngine } from '../../web/src/lib/referralQuery.js';

describe('the referral view’s filters', () => {
  test('reads its engines from referralEngines, repeated or comma-separated, in catalog order, ignoring unknown ones', () => {
    const search = new URLSearchParams('referralEngines=claude,google&referralEngines=chatgpt&offset=25&engines=gemini');
    expect(referralFiltersFromSearch(search)).toEqual({ engines: ['chatgpt', 'claude'], offset: 25 });
    expect(referralFiltersFromSearch(new URLSearchParams('offset=-3'))).toEqual({ engines: [], offset: 0 });
  });

  test('writes the API query: the window, the engines comma-separated, then the extras', () => {
    expect(referralQuery({ startDate: '2026-11-01', endDate: '2026-11-30' }, ['chatgpt', 'claude'], { limit: 25, offset: 0 })).toBe(
      'startDate=2026-11-01&endDate=2026-11-30&engines=chatgpt%2Cclaude&limit=25&offset=0',
    );
    expect(referralQuery({ startDate: '2026-11-01', endDate: '2026-11-30' }, [])).toBe('startDate=2026-11-01&endDate=2026-11-30');
  });

  test('checking an engine adds it in catalog order; unchecking removes it', () => {
    expect(toggledEngine(['claude'], 'chatgpt')).toEqual(['chatgpt', 'claude']);
    expect(toggledEngine(['chatgpt', 'claude'], 'chatgpt')).toEqual(['claude']);
  });
});

describe('referralChartData', () => {
  test('draws every day of the window, zero where the answer lists none, one series per engine with visits', () => {
    const data = referralChartData(
      { startDate: '2026-11-01', endDate: '2026-11-03' },
      [{ date: '2026-11-02', byEngine: { chatgpt: 4, perplexity: 1, claude: 0 } }],
      [{ engine: 'chatgpt', visits: 4 }, { engine: 'perplexity', visits: 1 }, { engine: 'claude', visits: 0 }],
    );
    expect(data).toEqual({
      days: ['2026-11-01', '2026-11-02', '2026-11-03'],
      series: [
        { label: 'chatgpt', values: [0, 4, 0] },
        { label: 'perplexity', values: [0, 1, 0] },
      ],
    });
  });
});
