import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { addDays } from '../../../src/domain/shared/days.js';
import { checkStream } from '../../../src/domain/audits/events.js';
import { GPTBOT_IP, USER_AGENTS } from '../agentAnalytics/logs.js';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;

interface AlertPage {
  items: Array<{ kind: string; date: string; title: string; statistics: Record<string, unknown>; evidence: Record<string, unknown> }>;
}

const alertsOf = async (kind: string) => (await api.call<AlertPage>('GET', `/v1/reports/brand/${reportId}/alerts`, { key: team.readKey })).body.items.filter((alert) => alert.kind === kind);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const apacheTime = (day: string) => `${day.slice(8, 10)}/${MONTHS[Number(day.slice(5, 7)) - 1]}/${day.slice(0, 4)}:10:00:00 +0000`;

/** `perDay` GPTBot visits of acme.com on each of `days` days from `from`, as a combined access log. */
function gptBotVisits(from: string, days: number, perDay: number): string[] {
  return Array.from({ length: days * perDay }, (_, index) => {
    const day = addDays(from, Math.floor(index / perDay));
    return `${GPTBOT_IP} - - [${apacheTime(day)}] "GET /page-${index} HTTP/1.1" 200 512 "-" "${USER_AGENTS.gptbot}"`;
  });
}

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId, { brand: 'Acme' });
  await api.settle();
  for (const kind of ['agent_visits_drop', 'crawler_blocked']) {
    expect((await api.call('POST', `/v1/reports/brand/${reportId}/watches`, { key: team.writeKey, body: { kind } })).status).toBe(201);
  }
}, 60_000);
afterAll(() => api.close());

describe('alerts raised after a log ingestion and a crawlability check', () => {
  test('AI-agent visits falling from 4 a day to 1 raise one agent_visits_drop on the newest day with visits', async () => {
    const log = [...gptBotVisits('2026-10-10', 28, 4), ...gptBotVisits('2026-11-07', 7, 1)].join('\n');
    const upload = await api.call('POST', `/v1/reports/brand/${reportId}/agent-analytics/logs?format=combined`, { key: team.writeKey, rawBody: log, headers: { 'content-type': 'text/plain' } });
    expect(upload).toMatchObject({ status: 200, body: { visits: 119 } });
    await api.settle();

    expect(await alertsOf('agent_visits_drop')).toEqual([
      expect.objectContaining({
        date: '2026-11-13',
        statistics: {
          currentDailyMean: 1,
          baselineDailyMean: 4,
          ratio: 0.25,
          current: { from: '2026-11-07', to: '2026-11-13', visits: 7, days: 7 },
          baseline: { from: '2026-10-10', to: '2026-11-06', visits: 112, days: 28 },
        },
      }),
    ]);
  });

  test('a crawlability check that blocks GPTBot where the previous one allowed it raises one crawler_blocked naming the crawler', async () => {
    const check = async (checkId: string, completedDate: string, gptBotAllowed: boolean) => {
      const request = { checkId, teamId: team.teamId, workspaceId: team.workspaceId, url: 'https://acme.com/pricing', domain: 'acme.com', periodStart: '2026-11-01', createdDate: completedDate };
      await api.context.eventStore.append(`test-requests-${checkId}`, [{ type: 'CrawlabilityCheckRequested', data: request }]);
      const meaning = gptBotAllowed ? 'GPTBot may fetch /pricing' : 'Disallow: / for GPTBot';
      await api.context.eventStore.append(checkStream('crawlability', checkId), [
        {
          type: 'CrawlabilityCheckCompleted',
          data: {
            checkId,
            completedDate,
            robotsTxtAnalysis: { GPTBot: gptBotAllowed, ClaudeBot: true },
            robotsTxtAnalysisResult: gptBotAllowed,
            contentSignals: { search: null, 'ai-input': null, 'ai-train': null },
            consequences: { GPTBot: { purpose: 'training', allowed: gptBotAllowed, meaning }, ClaudeBot: { purpose: 'training', allowed: true, meaning: 'ClaudeBot may fetch /pricing' } },
            serverBotAccess: {},
          },
        },
      ]);
      await api.settle();
    };
    await check('allowing', '2026-11-12T08:00:00.000Z', true);
    expect(await alertsOf('crawler_blocked')).toEqual([]);
    await check('blocking', '2026-11-14T08:00:00.000Z', false);

    expect(await alertsOf('crawler_blocked')).toEqual([
      expect.objectContaining({
        date: '2026-11-14',
        title: 'GPTBot is now blocked on acme.com',
        evidence: { domain: 'acme.com', url: 'https://acme.com/pricing', checkId: 'blocking', previousCheckId: 'allowing', crawlers: [{ crawler: 'GPTBot', allowed: false, rule: 'Disallow: / for GPTBot' }] },
      }),
    ]);
  });
});
