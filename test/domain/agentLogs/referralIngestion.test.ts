import { describe, expect, test } from '@jest/globals';
import { clientDigest } from '../../../src/domain/agentLogs/referralAggregate.js';
import { createLogIngestion, reportHosts, type ClassificationContext, type LogFormat } from '../../../src/domain/agentLogs/index.js';
import { compileRanges, SNAPSHOT_RANGES } from '../../../src/domain/crawlers/index.js';
import { REFERRAL_COMBINED_LOG, REFERRAL_JSON_LOG } from '../../api/agentAnalytics/referralLogs.js';

const context: ClassificationContext = {
  hosts: reportHosts({ brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false }),
  defaultHost: 'acme.com',
  ranges: compileRanges(SNAPSHOT_RANGES),
};

function ingest(format: LogFormat, log: string, options: Partial<ClassificationContext> = {}) {
  const ingestion = createLogIngestion(format, { ...context, ...options });
  for (const line of log.split('\n')) ingestion.addLine(line);
  return ingestion.result();
}

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const nov1 = (clock: string): number => Date.parse(`2026-11-01T${clock}Z`);
const nov2 = (clock: string): number => Date.parse(`2026-11-02T${clock}Z`);

describe('one pass over a combined log counts crawler visits and referrals', () => {
  const result = ingest('combined', REFERRAL_COMBINED_LOG);

  test('27 lines, 1 skipped, 1 crawler visit, 15 referral visits', () => {
    expect([result.lines, result.skipped, result.visits, result.referrals.visits]).toEqual([27, 1, 1, 15]);
    expect(result.rows).toEqual([{ day: '2026-11-01', agent: 'ChatGPT-User', path: '/pricing', visits: 1, verifiedVisits: 1, spoofedVisits: 0 }]);
  });

  test('the visits fold per day, engine and page, the query left out', () => {
    const row = (engine: string, path: string, visits: number) => ({ day: '2026-11-01', engine, path, visits });
    expect(result.referrals.rows).toEqual([
      row('chatgpt', '/blog/crm-guide', 1),
      row('chatgpt', '/features', 1),
      row('chatgpt', '/pricing', 3),
      row('claude', '/about.php', 1),
      row('copilot', '/features', 1),
      row('deepseek', '/pricing', 1),
      row('gemini', '/', 1),
      row('meta', '/pricing', 1),
      row('other', '/compare', 2),
      row('perplexity', '/docs/start.html', 1),
      row('perplexity', '/features', 1),
      row('perplexity', '/pricing', 1),
    ]);
  });

  test('14 sessions: client A’s visits 10 minutes apart are one, 40 minutes later another; a digest stands for each client', () => {
    expect(result.referrals.sessions).toHaveLength(14);
    const clientA = clientDigest('198.51.100.1', FIREFOX);
    expect(result.referrals.sessions.filter(({ client }) => client === clientA)).toEqual([
      { client: clientA, start: nov1('09:00:00'), end: nov1('09:10:00'), path: '/pricing', engine: 'chatgpt' },
      { client: clientA, start: nov1('09:50:00'), end: nov1('09:50:00'), path: '/blog/crm-guide', engine: 'chatgpt' },
    ]);
    expect(JSON.stringify(result.referrals)).not.toContain('198.51.100');
  });

  test('with referrals off the crawler figures are the same and no referral is read', () => {
    const without = ingest('combined', REFERRAL_COMBINED_LOG, { referrals: false });
    expect(without).toEqual({ ...result, referrals: { visits: 0, rows: [], sessions: [] } });
  });

  test('the same content gives the same recording, whatever the order of its lines', () => {
    const reversed = ingest('combined', REFERRAL_COMBINED_LOG.split('\n').reverse().join('\n'));
    expect(reversed.referrals).toEqual(result.referrals);
  });
});

describe('one pass over a json log in the three shapes', () => {
  const result = ingest('json', REFERRAL_JSON_LOG);

  test('13 lines, 1 skipped, 1 crawler visit (PerplexityBot), 5 referral visits', () => {
    expect([result.lines, result.skipped, result.visits, result.referrals.visits]).toEqual([13, 1, 1, 5]);
    expect(result.rows).toMatchObject([{ agent: 'PerplexityBot', verifiedVisits: 1 }]);
  });

  test('the referrer and method of each shape are read, a line without a method is a GET', () => {
    const row = (engine: string, path: string) => ({ day: '2026-11-02', engine, path, visits: 1 });
    expect(result.referrals.rows).toEqual([
      row('chatgpt', '/blog/crm-guide'),
      row('chatgpt', '/pricing'),
      row('claude', '/pricing/'),
      row('gemini', '/'),
      row('perplexity', '/features'),
    ]);
  });

  test('client X’s visits 40 minutes apart are two sessions, the second landing from Perplexity', () => {
    const clientX = clientDigest('203.0.113.50', FIREFOX);
    expect(result.referrals.sessions).toHaveLength(5);
    expect(result.referrals.sessions.filter(({ client }) => client === clientX)).toEqual([
      { client: clientX, start: nov2('08:00:00'), end: nov2('08:00:00'), path: '/pricing', engine: 'chatgpt' },
      { client: clientX, start: nov2('08:40:00'), end: nov2('08:40:00'), path: '/features', engine: 'perplexity' },
    ]);
  });
});
