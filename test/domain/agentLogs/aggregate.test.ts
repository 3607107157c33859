import { describe, expect, test } from '@jest/globals';
import {
  aggregateVisits,
  batchRows,
  createLogIngestion,
  reportHosts,
  type AgentVisit,
} from '../../../src/domain/agentLogs/index.js';
import type { Verification } from '../../../src/domain/crawlers/index.js';
import { SNAPSHOT_RANGES, compileRanges } from '../../../src/domain/crawlers/index.js';

const visit = (day: string, agent: string, path: string, verification: Verification): AgentVisit => ({
  day, agent, path, verification, engine: 'other', category: 'training',
});

describe('aggregateVisits', () => {
  test('folds visits per day, agent and path, counting verified and spoofed ones, in a stable order', () => {
    const rows = aggregateVisits([
      visit('2025-10-11', 'GPTBot', '/a', 'verified'),
      visit('2025-10-10', 'GPTBot', '/b', 'spoofed'),
      visit('2025-10-10', 'GPTBot', '/a', 'verified'),
      visit('2025-10-10', 'GPTBot', '/a', 'spoofed'),
      visit('2025-10-10', 'ClaudeBot', '/a', 'unverifiable'),
      visit('2025-10-10', 'GPTBot', '/a', 'verified'),
    ]);
    expect(rows).toEqual([
      { day: '2025-10-10', agent: 'ClaudeBot', path: '/a', visits: 1, verifiedVisits: 0, spoofedVisits: 0 },
      { day: '2025-10-10', agent: 'GPTBot', path: '/a', visits: 3, verifiedVisits: 2, spoofedVisits: 1 },
      { day: '2025-10-10', agent: 'GPTBot', path: '/b', visits: 1, verifiedVisits: 0, spoofedVisits: 1 },
      { day: '2025-10-11', agent: 'GPTBot', path: '/a', visits: 1, verifiedVisits: 1, spoofedVisits: 0 },
    ]);
  });

  test('folds nothing into no rows', () => {
    expect(aggregateVisits([])).toEqual([]);
  });

  test('rows add up to the visits whatever their number', () => {
    const visits = Array.from({ length: 5_000 }, (_, index) => visit(`2025-10-${String(10 + (index % 3))}`, index % 2 ? 'GPTBot' : 'CCBot', `/p${index % 7}`, 'verified'));
    const rows = aggregateVisits(visits);
    expect(rows).toHaveLength(3 * 7 * 2);
    expect(rows.reduce((total, row) => total + row.visits, 0)).toBe(5_000);
  });
});

describe('batchRows', () => {
  const rows = aggregateVisits(Array.from({ length: 7 }, (_, index) => visit('2025-10-10', 'GPTBot', `/p${index}`, 'verified')));

  test('splits rows into event payloads of at most the batch size, in order', () => {
    const batches = batchRows(rows, 3);
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual(rows);
  });

  test('gives no batch for no rows and refuses a batch size below one', () => {
    expect(batchRows([], 10)).toEqual([]);
    expect(() => batchRows(rows, 0)).toThrow(RangeError);
  });
});

describe('createLogIngestion', () => {
  const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
  const context = {
    hosts: reportHosts({ brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false }),
    defaultHost: 'acme.com',
    ranges: compileRanges(SNAPSHOT_RANGES),
  };

  test('counts lines, visits and skipped lines and folds the visits into rows', () => {
    const ingestion = createLogIngestion('vhost_combined', context);
    const lines = [
      `www.acme.com:443 74.7.241.17 - - [10/Oct/2025:13:55:36 +0000] "GET /pricing HTTP/1.1" 200 5 "-" "${gptbot}"`,
      `acme.com:443 203.0.113.9 - - [10/Oct/2025:13:55:37 +0000] "GET /pricing?x=1 HTTP/1.1" 200 5 "-" "${gptbot}"`,
      `other.com:443 74.7.241.17 - - [10/Oct/2025:13:55:38 +0000] "GET /pricing HTTP/1.1" 200 5 "-" "${gptbot}"`,
      'acme.com:443 1.2.3.4 - - [10/Oct/2025:13:55:39 +0000] "GET / HTTP/1.1" 200 5 "-" "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"',
      'not a log line',
      '',
    ];
    for (const line of lines) ingestion.addLine(line);
    expect(ingestion.result()).toEqual({
      lines: 6,
      visits: 2,
      skipped: 2,
      rows: [{ day: '2025-10-10', agent: 'GPTBot', path: '/pricing', visits: 2, verifiedVisits: 1, spoofedVisits: 1 }],
      referrals: { visits: 0, rows: [], sessions: [] },
    });
  });
});
