import { describe, expect, test } from '@jest/globals';
import { agentFiltersFromSearch, agentQuery, agentSeriesLabel, formatOfFile, stackedData, stackValues, verificationShares } from '../../web/src/lib/agentQuery.js';

const filters = { startDate: '2026-11-01', endDate: '2026-11-15', country: 'us', engines: ['chatgpt'], tagId: null };

describe('the agent analytics screen’s filters and figures', () => {
  test('the URL’s engine, agent and offset are read, an unknown engine and a bad offset dropped', () => {
    expect(agentFiltersFromSearch(new URLSearchParams('engine=claude&agent=%20GPT%20&offset=25'))).toEqual({ engine: 'claude', agent: 'GPT', offset: 25 });
    expect(agentFiltersFromSearch(new URLSearchParams('engine=gemini&offset=-3'))).toEqual({ engine: null, agent: '', offset: 0 });
  });

  test('a read’s query holds the window and the set filters only, not the answer engines of the other screens', () => {
    expect(agentQuery(filters, { engine: null, agent: '' })).toBe('startDate=2026-11-01&endDate=2026-11-15');
    expect(agentQuery(filters, { engine: 'chatgpt', agent: 'GPTBot' }, { limit: 25, offset: 0 })).toBe(
      'startDate=2026-11-01&endDate=2026-11-15&engine=chatgpt&agent=GPTBot&limit=25&offset=0',
    );
  });

  test('each series takes its daily visits on the days of the window, a missing day counting zero', () => {
    const data = stackedData([
      { label: 'chatgpt', daily: [{ date: '2026-11-01', visits: 2 }, { date: '2026-11-02', visits: 3 }] },
      { label: 'claude', daily: [{ date: '2026-11-02', visits: 1 }] },
    ]);
    expect(data).toEqual({ days: ['2026-11-01', '2026-11-02'], series: [{ label: 'chatgpt', values: [2, 3] }, { label: 'claude', values: [0, 1] }] });
  });

  test('a stack sums the shown series from the bottom up; a hidden one adds nothing', () => {
    const data = { days: ['a', 'b'], series: [{ label: 'x', values: [2, 3] }, { label: 'y', values: [1, null] }, { label: 'z', values: [4, 4] }] };
    expect(stackValues(data, new Set())).toEqual([[2, 3], [3, 3], [7, 7]]);
    expect(stackValues(data, new Set([1]))).toEqual([[2, 3], [2, 3], [6, 7]]);
  });

  test('an agent whose name is inside another listed agent’s says that its series includes it', () => {
    expect(agentSeriesLabel('Applebot', ['Applebot', 'Applebot-Extended', 'GPTBot'])).toBe('Applebot (with Applebot-Extended)');
    expect(agentSeriesLabel('GPTBot', ['Applebot', 'GPTBot'])).toBe('GPTBot');
  });

  test('verified, spoofed and unverifiable shares are of all the agents’ visits, none without visits', () => {
    const shares = verificationShares([
      { visits: 6, verifiedVisits: 4, spoofedVisits: 1 },
      { visits: 2, verifiedVisits: 0, spoofedVisits: 0 },
    ]);
    expect(shares).toEqual([
      { name: 'verified', visits: 4, share: 0.5 },
      { name: 'spoofed', visits: 1, share: 0.125 },
      { name: 'unverifiable', visits: 3, share: 0.375 },
    ]);
    expect(verificationShares([]).map((share) => share.share)).toEqual([null, null, null]);
  });

  test('a log file is read as json by its name, anything else as combined', () => {
    expect(['cf.ndjson', 'vercel.json.gz', 'access.log', 'access.log.gz'].map(formatOfFile)).toEqual(['json', 'json', 'combined', 'combined']);
  });
});
