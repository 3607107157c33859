import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { uploadSlots } from '../../../src/api/routes/logUpload.js';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { COMBINED_LOG, GPTBOT_IP, USER_AGENTS, uploadLog } from './logs.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  await api.settle();
}, 60_000);
afterAll(() => api.close());

const upload = (body: string | Buffer, headers: Record<string, string> = {}) =>
  uploadLog(api, reportId, body, { key: team.writeKey, query: '?format=combined', headers });

const gptbotLine = (path: string) => `${GPTBOT_IP} - - [10/Nov/2026:13:55:36 +0000] "GET ${path} HTTP/1.1" 200 512 "-" "${USER_AGENTS.gptbot}"\n`;

/** gzip members of 64 MiB of GPTBot visits each, concatenated: a gzip stream of `members` × 64 MiB once inflated. */
function gzipBomb(members: number): Buffer {
  const line = gptbotLine('/pricing');
  const member = gzipSync(Buffer.from(line.repeat(Math.ceil((64 << 20) / line.length)).slice(0, 64 << 20)), { level: 9 });
  return Buffer.concat(Array.from({ length: members }, () => member));
}

/** Runs `refused`, then checks that nothing was appended to the event store meanwhile. */
async function recordsNothing<T>(refused: () => Promise<T>): Promise<T> {
  const head = await api.context.eventStore.headPosition();
  const answer = await refused();
  expect(await api.context.eventStore.headPosition()).toBe(head);
  return answer;
}

describe('upload limits after decompression', () => {
  test('a gzip body over 1 GB once inflated is a 413, and nothing is recorded', async () => {
    const bomb = gzipBomb(17);
    expect(bomb.length).toBeLessThan(50 << 20);
    const answer = await recordsNothing(() => upload(bomb, { 'content-encoding': 'gzip' }));
    expect(answer).toMatchObject({ status: 413, body: { message: expect.stringMatching(/at most 1073741824 bytes once decompressed/) } });
  }, 120_000);

  test('a line over 64 KB is skipped, not counted as a visit', async () => {
    const answer = await upload(`${gptbotLine(`/${'a'.repeat(70_000)}`)}${gptbotLine('/docs')}`);
    expect(answer).toMatchObject({ status: 200, body: { lines: 2, visits: 1, skipped: 1, alreadyIngested: false } });
  });
});

describe('corrupt gzip bodies', () => {
  const gzipped = gzipSync(`${COMBINED_LOG}\n${'# padding\n'.repeat(200)}`);

  test('a truncated gzip body is a 400 naming the problem, and nothing is recorded', async () => {
    const answer = await recordsNothing(() => upload(gzipped.subarray(0, gzipped.length - 40), { 'content-encoding': 'gzip' }));
    expect(answer).toMatchObject({ status: 400, body: { message: 'The gzip-compressed log is corrupt or truncated (unexpected end of file)' } });
  });

  test('a gzip body with damaged blocks is a 400 naming the problem, and nothing is recorded', async () => {
    const damaged = Buffer.from(gzipped);
    damaged.fill(0xff, 12, 40);
    const answer = await recordsNothing(() => upload(damaged));
    expect(answer).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^The gzip-compressed log is corrupt or truncated \(.+\)$/) } });
  });
});

describe('bodies labelled gzip that are not gzip', () => {
  test.each([
    ['random bytes', () => randomBytes(4096)],
    ['a plain log', () => Buffer.from(COMBINED_LOG)],
    ['an empty body', () => Buffer.alloc(0)],
  ])('%s labelled Content-Encoding: gzip are a 400 saying so, and nothing is recorded', async (_name, body) => {
    const answer = await recordsNothing(() => upload(body(), { 'content-encoding': 'gzip' }));
    expect(answer).toMatchObject({ status: 400, body: { message: 'The body is labelled Content-Encoding: gzip but is not gzip data (it does not start with the gzip magic bytes 1f 8b)' } });
  });
});

describe('upload slots', () => {
  test('with both slots taken a third upload is a 503 with Retry-After before its body is read, and nothing is recorded; once one frees it is read', async () => {
    const held = [uploadSlots.tryTake(), uploadSlots.tryTake()];
    expect(held.every((release) => release !== null)).toBe(true);
    expect(uploadSlots.tryTake()).toBeNull();
    const busy = await recordsNothing(() => uploadLog(api, reportId, gptbotLine('/slots'), { key: team.writeKey, query: '?format=combined' }));
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(busy.body).toEqual({ message: 'This server reads at most 2 log uploads at once and all are busy; retry in 5 seconds' });
    for (const release of held) release?.();
    expect(await upload(gptbotLine('/slots'))).toMatchObject({ status: 200, body: { visits: 1 } });
    expect(uploadSlots.taken).toBe(0);
  });

  test('a slot is given back after a refused upload (413, 400) as after an accepted one', async () => {
    await upload(randomBytes(64), { 'content-encoding': 'gzip' });
    await upload(`${gptbotLine('/after')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uploadSlots.taken).toBe(0);
  });
});
