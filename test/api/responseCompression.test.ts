import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { recordRun } from '../../src/app/runs/import.js';
import type { RunCompleted } from '../../src/domain/run/events.js';
import { answerSchema } from '../../src/domain/run/schema.js';
import { seedPrompts, seedReport, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

/**
 * Held answers (the response cache's, the report detail in memory) go gzip-compressed to a client that accepts it,
 * as every browser opening the dashboard does: the bytes as sent are read here with node:http, which inflates
 * nothing.
 */
let api: TestApi;
let team: SeededTeam;
let reportId: string;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(`${api.url}${path}`, { headers: { authorization: `Bearer ${team.readKey}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
    });
    call.on('error', reject);
    call.end();
  });
}

const STATS = () => `/v1/reports/brand/${reportId}/stats?startDate=2026-10-01&endDate=2026-11-02&country=us`;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  const [promptId = ''] = await seedPrompts(api, team.workspaceId, [{ country: 'us' }]);
  reportId = await seedReport(api, team.workspaceId, { brand: 'Acme', promptIds: [promptId] });
  await api.settle();
  await api.rebuild();
  const answer = answerSchema.parse({ content: 'Acme is the best choice for small teams.', citations: [{ title: 'Source', link: 'https://acme.com/pricing', rank: 1 }] });
  const data: RunCompleted['data'] = {
    runId: 'run-1', promptId, workspaceId: team.workspaceId, country: 'us', engine: 'chatgpt', runDate: '2026-11-01T08:00:00Z', source: 'simulator', model: null, ...answer,
  };
  await recordRun(api.context, { type: 'RunCompleted', data });
  await api.settle();
}, 60_000);
afterAll(() => api.close());

describe('held answers and gzip', () => {
  test('a client that accepts gzip gets the same JSON compressed, under an ETag of its own', async () => {
    const plain = await get(STATS());
    const gzipped = await get(STATS(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThanOrEqual(1024);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true);
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.bytes.length);
    for (const answer of [plain, gzipped]) expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(gzipped.headers.etag).toBeDefined();
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);
  });

  test('each encoding’s ETag revalidates its own bytes: 304 for the one sent, the full answer for the other', async () => {
    const gzipped = await get(STATS(), { 'accept-encoding': 'gzip' });
    const plain = await get(STATS());
    const gzipEtag = String(gzipped.headers.etag);
    expect((await get(STATS(), { 'accept-encoding': 'gzip', 'if-none-match': gzipEtag })).status).toBe(304);
    expect((await get(STATS(), { 'if-none-match': String(plain.headers.etag) })).status).toBe(304);
    const other = await get(STATS(), { 'if-none-match': gzipEtag });
    expect(other.status).toBe(200);
    expect(other.bytes.equals(plain.bytes)).toBe(true);
  });

  test('gzip refused by its weight (q=0) or not offered: the answer as is', async () => {
    const plain = await get(STATS());
    for (const acceptEncoding of ['gzip;q=0', 'identity', 'br']) {
      const answer = await get(STATS(), { 'accept-encoding': acceptEncoding });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.bytes.equals(plain.bytes)).toBe(true);
    }
  });

  test('a small held answer is sent as is (compressing it would save next to nothing)', async () => {
    const detail = await get(`/v1/reports/brand/${reportId}`, { 'accept-encoding': 'gzip' });
    expect(detail.status).toBe(200);
    expect(detail.bytes.length).toBeLessThan(1024);
    expect(detail.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(detail.bytes.toString('utf8'))).toMatchObject({ id: reportId });
  });
});
