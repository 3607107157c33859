import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
}, 60_000);
afterAll(() => api.close());

const tagBody = JSON.stringify({ name: 'Launch', color: 'blue' });

const postTag = (body: string | Buffer, encoding: string) =>
  fetch(`${api.url}/v1/workspaces/${team.workspaceId}/tags`, {
    method: 'POST',
    headers: { authorization: `Bearer ${team.writeKey}`, 'content-type': 'application/json', 'content-encoding': encoding },
    body,
  });

const errorLines = () => api.logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe('encoded JSON bodies', () => {
  test.each(['gzip', 'br', 'deflate'])('a plain JSON body sent as %s is a 400 naming the encoding, and nothing is written', async (encoding) => {
    const head = await api.context.eventStore.headPosition();
    const response = await postTag(tagBody, encoding);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.stringContaining(`not valid ${encoding}`) });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test('an encoding the API does not take is a 415 naming it', async () => {
    const response = await postTag(tagBody, 'zstd');
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: expect.stringContaining('zstd') });
  });

  test('a gzip-encoded JSON body is read', async () => {
    const response = await postTag(gzipSync(JSON.stringify({ name: 'Compressed', color: 'red' })), 'gzip');
    expect(response.status).toBe(201);
  });
});

describe('malformed percent-encoding in a path', () => {
  test.each(['GET', 'POST', 'DELETE', 'PATCH', 'OPTIONS'])('%s on the log upload path without a key is a 400, logged without an error', async (method) => {
    const before = errorLines().length;
    const response = await fetch(`${api.url}/v1/reports/brand/%zz/agent-analytics/logs`, { method });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Malformed percent-encoding in the path: /v1/reports/brand/%zz/agent-analytics/logs' });
    expect(errorLines().length).toBe(before);
  });

  test.each(['/v1/nothing/%E0%A4%A', '/mcp/%zz', '/%C0%80', '/v1/workspaces/%/tags'])('%s is a 400 too', async (path) => {
    const response = await fetch(`${api.url}${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.stringContaining('Malformed percent-encoding') });
  });
});
