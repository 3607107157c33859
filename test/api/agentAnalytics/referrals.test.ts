import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { postgresAvailable } from '../../support/postgresServer.js';
import { seedKnownAnswers, type KnownAnswers } from '../support/knownAnswers.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { uploadLog } from './logs.js';
import { REFERRAL_COMBINED_CONTINUED, REFERRAL_COMBINED_EARLIER, REFERRAL_COMBINED_LOG, REFERRAL_JSON_LOG } from './referralLogs.js';

const STORES = ['embedded', ...(postgresAvailable() ? ['postgres' as const] : [])] as const;

interface Referrals {
  availability: string;
  visits: number | null;
  sessions: number | null;
  byEngine: Array<{ engine: string; visits: number; sessions: number }> | null;
  daily: Array<{ date: string; visits: number; sessions: number; byEngine: Record<string, number> }> | null;
  landingPages: Array<{ path: string; sessions: number; visits: number; engines: string[]; citations: number }> | null;
  [field: string]: unknown;
}

const NOV_1_2 = 'startDate=2026-11-01&endDate=2026-11-02';
const UNATTRIBUTABLE = ['google', 'google_ai_mode'];
const zeroEngines = (...engines: string[]) => engines.map((engine) => ({ engine, visits: 0, sessions: 0 }));
const page = (path: string, sessions: number, visits: number, engines: string[], citations = 0) => ({ path, sessions, visits, engines, citations });

describe.each(STORES)('AI referrals from uploaded access logs (%s stores)', (store) => {
  let api: TestApi;
  let known: KnownAnswers;

  beforeAll(async () => {
    api = await startTestApi({ store });
    known = await seedKnownAnswers(api);
  }, 120_000);
  afterAll(() => api.close());

  const referrals = async (query = NOV_1_2): Promise<Referrals> => {
    const answer = await api.call<Referrals>('GET', `/v1/reports/brand/${known.reportId}/agent-analytics/referrals?${query}`, { key: known.team.readKey });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const upload = async (log: string, format: 'combined' | 'json') => {
    const answer = await uploadLog(api, known.reportId, log, { key: known.team.writeKey, query: `?format=${format}`, contentType: format === 'json' ? 'application/x-ndjson' : 'text/plain' });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  test('before any log: not_connected, every metric null, the unattributable answers named', async () => {
    expect(await referrals()).toEqual({
      availability: 'not_connected',
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      domains: ['acme.com'],
      visits: null,
      sessions: null,
      byEngine: null,
      daily: null,
      landingPages: null,
      unattributable: UNATTRIBUTABLE,
    });
  });

  test('a combined log: each source counts, the bot, crawler, POST, HEAD, 404, assets and Google do not; landing pages beside their citing runs', async () => {
    expect(await upload(REFERRAL_COMBINED_LOG, 'combined')).toEqual({ lines: 27, visits: 1, skipped: 1, alreadyIngested: false });
    expect(await referrals()).toEqual({
      availability: 'connected_with_data',
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      domains: ['acme.com'],
      visits: 15,
      sessions: 14,
      byEngine: [
        { engine: 'chatgpt', visits: 5, sessions: 4 },
        { engine: 'perplexity', visits: 3, sessions: 3 },
        { engine: 'other', visits: 2, sessions: 2 },
        ...['gemini', 'copilot', 'claude', 'deepseek', 'meta'].map((engine) => ({ engine, visits: 1, sessions: 1 })),
      ],
      daily: [{ date: '2026-11-01', visits: 15, sessions: 14, byEngine: { chatgpt: 5, perplexity: 3, gemini: 1, copilot: 1, claude: 1, deepseek: 1, meta: 1, other: 2 } }],
      // /pricing is cited by runs r1 and r7 (2026-11-01) and r3 (2026-11-02, as ACME.com/pricing/#plans); no other page of acme.com is
      landingPages: [
        page('/pricing', 6, 6, ['chatgpt', 'perplexity', 'deepseek', 'meta'], 3),
        page('/features', 2, 3, ['perplexity', 'copilot']),
        page('/compare', 2, 2, ['other']),
        page('/', 1, 1, ['gemini']),
        page('/about.php', 1, 1, ['claude']),
        page('/blog/crm-guide', 1, 1, ['chatgpt']),
        page('/docs/start.html', 1, 1, ['perplexity']),
      ],
      unattributable: UNATTRIBUTABLE,
    });
  });

  test('the crawler with an AI referrer counts as a crawler visit, not a referral', async () => {
    const agents = await api.call<{ items: unknown[] }>('GET', `/v1/reports/brand/${known.reportId}/agent-analytics/agents?${NOV_1_2}`, { key: known.team.readKey });
    expect(agents.body.items).toEqual([{ agent: 'ChatGPT-User', engine: 'chatgpt', category: 'user_fetch', visits: 1, verifiedVisits: 1, spoofedVisits: 0 }]);
  });

  test('the same log ingested again counts nothing twice', async () => {
    const before = await referrals();
    expect(await upload(REFERRAL_COMBINED_LOG, 'combined')).toEqual({ lines: 27, visits: 0, skipped: 1, alreadyIngested: true });
    expect(await referrals()).toEqual(before);
  });

  test('a session split over two uploads stays one session: 2 more visits, no more sessions', async () => {
    await upload(REFERRAL_COMBINED_CONTINUED, 'combined');
    const answer = await referrals();
    expect([answer.visits, answer.sessions]).toEqual([17, 14]);
    expect(answer.byEngine?.slice(0, 2)).toEqual([
      { engine: 'chatgpt', visits: 6, sessions: 4 },
      { engine: 'perplexity', visits: 4, sessions: 3 },
    ]);
    expect(answer.landingPages?.slice(0, 2)).toEqual([page('/pricing', 6, 7, ['chatgpt', 'perplexity', 'deepseek', 'meta'], 3), page('/features', 2, 4, ['perplexity', 'copilot'])]);
  });

  test('an older log uploaded last joins two sessions and moves a landing page earlier', async () => {
    await upload(REFERRAL_COMBINED_EARLIER, 'combined');
    const answer = await referrals();
    expect([answer.visits, answer.sessions]).toEqual([19, 13]);
    expect(answer.byEngine).toEqual([
      { engine: 'chatgpt', visits: 7, sessions: 3 },
      { engine: 'perplexity', visits: 4, sessions: 2 },
      { engine: 'claude', visits: 2, sessions: 2 },
      { engine: 'other', visits: 2, sessions: 2 },
      ...['gemini', 'copilot', 'deepseek', 'meta'].map((engine) => ({ engine, visits: 1, sessions: 1 })),
    ]);
    expect(answer.daily).toEqual([{ date: '2026-11-01', visits: 19, sessions: 13, byEngine: { chatgpt: 7, perplexity: 4, gemini: 1, copilot: 1, claude: 2, deepseek: 1, meta: 1, other: 2 } }]);
    expect(answer.landingPages).toEqual([
      page('/pricing', 6, 7, ['chatgpt', 'perplexity', 'deepseek', 'meta'], 3),
      page('/features', 2, 5, ['perplexity', 'copilot']),
      page('/about.php', 2, 2, ['claude']),
      page('/compare', 2, 2, ['other']),
      page('/', 1, 1, ['gemini']),
      page('/blog/crm-guide', 0, 1, []),
      page('/docs/start.html', 0, 1, []),
    ]);
  });

  test('a json log in Cloudflare’s, Vercel’s and the generic shape: referrer and method read from each', async () => {
    expect(await upload(REFERRAL_JSON_LOG, 'json')).toEqual({ lines: 13, visits: 1, skipped: 1, alreadyIngested: false });
    expect(await referrals('startDate=2026-11-02&endDate=2026-11-02')).toEqual({
      availability: 'connected_with_data',
      startDate: '2026-11-02',
      endDate: '2026-11-02',
      domains: ['acme.com'],
      visits: 5,
      sessions: 5,
      byEngine: [
        { engine: 'chatgpt', visits: 2, sessions: 2 },
        { engine: 'perplexity', visits: 1, sessions: 1 },
        { engine: 'gemini', visits: 1, sessions: 1 },
        { engine: 'claude', visits: 1, sessions: 1 },
        ...zeroEngines('copilot', 'deepseek', 'meta', 'other'),
      ],
      daily: [{ date: '2026-11-02', visits: 5, sessions: 5, byEngine: { chatgpt: 2, perplexity: 1, gemini: 1, copilot: 0, claude: 1, deepseek: 0, meta: 0, other: 0 } }],
      // Only run r3 (2026-11-02) cites /pricing that day; /pricing/ as logged is the same page to a citation
      landingPages: [
        page('/', 1, 1, ['gemini']),
        page('/blog/crm-guide', 1, 1, ['chatgpt']),
        page('/features', 1, 1, ['perplexity']),
        page('/pricing', 1, 1, ['chatgpt'], 1),
        page('/pricing/', 1, 1, ['claude'], 1),
      ],
      unattributable: UNATTRIBUTABLE,
    });
  });

  test('citations count the window’s runs: a day earlier adds run r8', async () => {
    const answer = await referrals('startDate=2026-10-31&endDate=2026-11-02');
    expect(answer.landingPages?.filter(({ citations }) => citations > 0)).toEqual([
      page('/pricing', 7, 8, ['chatgpt', 'perplexity', 'deepseek', 'meta'], 4),
      page('/pricing/', 1, 1, ['claude'], 4),
    ]);
    expect(answer.daily?.map(({ date }) => date)).toEqual(['2026-11-01', '2026-11-02']);
  });

  test('engines, repeated or comma-separated, filter every figure', async () => {
    const separated = await referrals(`${NOV_1_2}&engines=claude,perplexity`);
    expect(await referrals(`${NOV_1_2}&engines=perplexity&engines=claude`)).toEqual(separated);
    expect([separated.visits, separated.sessions]).toEqual([8, 6]);
    expect(separated.byEngine).toEqual([
      { engine: 'perplexity', visits: 5, sessions: 3 },
      { engine: 'claude', visits: 3, sessions: 3 },
    ]);
    expect(separated.daily?.map(({ byEngine }) => byEngine)).toEqual([{ perplexity: 4, claude: 2 }, { perplexity: 1, claude: 1 }]);
    expect(separated.landingPages?.map(({ path, sessions, visits, engines }) => [path, sessions, visits, engines])).toEqual([
      ['/features', 2, 3, ['perplexity']],
      ['/about.php', 2, 2, ['claude']],
      ['/pricing', 1, 1, ['perplexity']],
      ['/pricing/', 1, 1, ['claude']],
      ['/docs/start.html', 0, 1, []],
    ]);
  });

  test.each([
    ['an engine that is not a referral source', 'engines=google', 'engines.0'],
    ['an empty engine', 'engines=', 'engines.0'],
    ['a window start after its end', 'startDate=2026-11-03&endDate=2026-11-01', 'startDate'],
  ])('%s is a 400 naming the parameter', async (_case, query, path) => {
    const answer = await api.call<{ errors: Array<{ path: string }> }>('GET', `/v1/reports/brand/${known.reportId}/agent-analytics/referrals?${query}`, { key: known.team.readKey });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((error) => error.path)).toContain(path);
  });

  test('…/referrals/pages pages every landing page, and answers the same items as CSV', async () => {
    const base = `/v1/reports/brand/${known.reportId}/agent-analytics/referrals/pages?${NOV_1_2}`;
    const first = await api.call<{ items: unknown[]; paging: unknown }>('GET', `${base}&limit=3&offset=3`, { key: known.team.readKey });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ availability: 'connected_with_data', paging: { limit: 3, offset: 3, hasMore: true, totalCount: 8 } });
    expect(first.body.items).toEqual([page('/about.php', 2, 2, ['claude']), page('/compare', 2, 2, ['other']), page('/blog/crm-guide', 1, 2, ['chatgpt'])]);
    const csv = await api.call<string>('GET', base, { key: known.team.readKey, headers: { accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = csv.body.trim().split(/\r?\n/);
    expect(rows[0]).toBe('path,sessions,visits,engines,citations');
    expect(rows).toHaveLength(9);
    expect(rows[1]).toMatch(/^\/pricing,7,8,/);
  });

  test('a window without referrals: connected_no_data, real zeros, no day and no page', async () => {
    expect(await referrals('startDate=2026-10-01&endDate=2026-10-03')).toEqual({
      availability: 'connected_no_data',
      startDate: '2026-10-01',
      endDate: '2026-10-03',
      domains: ['acme.com'],
      visits: 0,
      sessions: 0,
      byEngine: zeroEngines('chatgpt', 'perplexity', 'gemini', 'copilot', 'claude', 'deepseek', 'meta', 'other'),
      daily: [],
      landingPages: [],
      unattributable: UNATTRIBUTABLE,
    });
  });
});
