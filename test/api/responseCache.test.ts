import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { recordRun } from '../../src/app/runs/import.js';
import type { RunCompleted } from '../../src/domain/run/events.js';
import { answerSchema } from '../../src/domain/run/schema.js';
import { seedPrompts, seedReport, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

/**
 * The response cache (issue 24): the same view of the same report for the same query is answered from memory
 * until a read model it comes from moves. Each test reads through the HTTP API, as the dashboard does.
 */
let api: TestApi;
let team: SeededTeam;
let reportId: string;
let promptId: string;

const WINDOW = 'startDate=2026-11-01&endDate=2026-11-02&country=us';

async function recordAnswer(runId: string, content: string, citedUrl: string): Promise<void> {
  const answer = answerSchema.parse({ content, citations: [{ title: 'Source', link: citedUrl, rank: 1 }] });
  const data: RunCompleted['data'] = {
    runId, promptId, workspaceId: team.workspaceId, country: 'us', engine: 'chatgpt', runDate: '2026-11-01T08:00:00Z', source: 'simulator', model: null, ...answer,
  };
  await recordRun(api.context, { type: 'RunCompleted', data });
  await api.settle();
}

const raw = async (path: string, key = team.readKey): Promise<{ status: number; text: string }> => {
  const response = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  [promptId = ''] = await seedPrompts(api, team.workspaceId, [{ country: 'us' }]);
  reportId = await seedReport(api, team.workspaceId, { brand: 'Acme', promptIds: [promptId] });
  await api.settle();
  await api.rebuild();
  await recordAnswer('run-1', 'Acme is the best choice for small teams.', 'https://acme.com/pricing');
}, 60_000);
afterAll(() => api.close());

describe('the response cache', () => {
  test('a repeated view is answered from the cache, byte for byte what was computed', async () => {
    const views = ['/stats', '/prompts', '/citations', '/citations/stats', '/recommendations?country=us'].map((view) =>
      view.includes('?') ? `/v1/reports/brand/${reportId}${view}` : `/v1/reports/brand/${reportId}${view}?${WINDOW}`,
    );
    for (const path of views) {
      const computed = await raw(path);
      const before = api.services.responseCache.stats();
      const held = await raw(path);
      expect(computed.status).toBe(200);
      expect(held.text).toBe(computed.text);
      expect(api.services.responseCache.stats().hits).toBe(before.hits + 1);
    }
  });

  test('the report detail is answered from the reports in memory, not the cache: one detail object until an event changes it', async () => {
    const path = `/v1/reports/brand/${reportId}`;
    const before = api.services.responseCache.stats();
    const computed = await raw(path);
    const held = await raw(path);
    expect(computed.status).toBe(200);
    expect(held.text).toBe(computed.text);
    expect(api.services.responseCache.stats()).toEqual(before);
    const details = api.services.reportDetails;
    expect(details).not.toBeNull();
    expect(await details?.detail(reportId)).toBe(await details?.detail(reportId));
  });

  test('a held answer goes out as express sends a computed one (the list): its JSON type, the ETag of its bytes, 304 when the client has them', async () => {
    for (const path of ['/v1/reports/brand', `/v1/reports/brand/${reportId}/stats?${WINDOW}`, `/v1/reports/brand/${reportId}`]) {
      await raw(path);
      // Uncompressed, as express sends it (the gzip variant of a large held answer: responseCompression.test.ts).
      const response = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${team.readKey}`, 'accept-encoding': 'identity' } });
      const bytes = Buffer.from(await response.arrayBuffer());
      // express's default ETag: weak, the length in hex and the start of the SHA-1 of the bytes in base64.
      const etag = `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
      expect({ type: response.headers.get('content-type'), length: response.headers.get('content-length'), etag: response.headers.get('etag') })
        .toEqual({ type: 'application/json; charset=utf-8', length: String(bytes.length), etag });
      // fetch adds `Cache-Control: no-cache` to a conditional request unless the request names its own.
      const again = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${team.readKey}`, 'accept-encoding': 'identity', 'if-none-match': etag, 'cache-control': 'max-age=0' } });
      expect(again.status).toBe(304);
    }
  });

  test('a new run changes /stats and /citations on the next request', async () => {
    const stats = `/v1/reports/brand/${reportId}/stats?${WINDOW}`;
    const citations = `/v1/reports/brand/${reportId}/citations?${WINDOW}`;
    expect(JSON.parse((await raw(stats)).text)).toMatchObject({ summary: { runs: 1 } });
    expect(JSON.parse((await raw(citations)).text).items.map(({ url }: { url: string }) => url)).toEqual(['https://acme.com/pricing']);

    await recordAnswer('run-2', 'Acme is fine, though some prefer other tools.', 'https://example.org/review');

    expect(JSON.parse((await raw(stats)).text)).toMatchObject({ summary: { runs: 2 } });
    expect(JSON.parse((await raw(citations)).text).items).toHaveLength(2);
  });

  test('an edit of the report shows on the next GET', async () => {
    const path = `/v1/reports/brand/${reportId}`;
    expect(JSON.parse((await raw(path)).text)).toMatchObject({ reportTitle: 'Acme' });
    const patched = await api.call('PATCH', path, { key: team.writeKey, body: { reportTitle: 'Acme, renamed' } });
    expect(patched.status).toBe(200);
    expect(JSON.parse((await raw(path)).text)).toMatchObject({ reportTitle: 'Acme, renamed' });
  });

  test('an answer held for one workspace is never given to a key of another workspace or team', async () => {
    const otherReport = await seedReport(api, team.otherWorkspaceId);
    const otherTeam = await seedTeam(api);
    await api.settle();
    for (const view of ['', `/stats?${WINDOW}`, `/citations?${WINDOW}`, '/agent-analytics/agents']) {
      const path = `/v1/reports/brand/${otherReport}${view}`;
      expect((await raw(path)).status).toBe(200);
      expect((await raw(path)).status).toBe(200);
      const refused = { status: 403, text: JSON.stringify({ message: `This API key has no access to brand report ${otherReport}` }) };
      expect(await raw(path, team.scopedReadKey)).toEqual(refused);
      expect(await raw(path, otherTeam.readKey)).toEqual(refused);
    }
  });
});
