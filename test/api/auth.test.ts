import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { revokeApiKey } from '../../src/app/credentials/credentials.js';
import { runGeolens } from '../support/cli.js';
import { seedReport, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  await api.settle();
});
afterAll(() => api.close());

const AUTHENTICATED = [
  ['GET', '/v1/reports/brand'],
  ['GET', '/v1/reports/brand/{reportId}'],
  ['PATCH', '/v1/reports/brand/{reportId}'],
  ['GET', '/v1/accounts/info'],
  ['GET', '/v1/workspaces'],
  ['GET', '/v1/workspaces/{workspaceId}/prompts'],
];

const concrete = (template: string) => template.replace('{reportId}', reportId).replace('{workspaceId}', team.workspaceId);

describe('authentication', () => {
  test.each(AUTHENTICATED)('%s %s answers 401 without an Authorization header', async (method, template) => {
    const { status, body, headers } = await api.call(method, concrete(template), method === 'PATCH' ? { body: {} } : {});
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Missing Authorization header: send "Authorization: Bearer <API key>"' });
    expect(headers.get('www-authenticate')).toBe('Bearer realm="geolens"');
  });

  const malformed = { message: 'Malformed Authorization header: expected "Bearer glk_live_..." with an API key' };
  test.each([
    ['another scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`, malformed],
    ['Bearer without a key', 'Bearer ', malformed],
    ['a key of another format', 'Bearer sk_live_0123456789', malformed],
    ['an unknown key', `Bearer glk_live_${'A'.repeat(40)}`, { message: 'Invalid API key' }],
  ])('401 for %s', async (_case, authorization, expected) => {
    const { status, body } = await api.call('GET', '/v1/workspaces', { headers: { authorization } });
    expect(status).toBe(401);
    expect(body).toEqual(expected);
  });

  test('a key revoked from another process (the CLI) stops working once this server has applied the revocation', async () => {
    const fresh = await seedTeam(api);
    expect((await api.call('GET', '/v1/workspaces', { key: fresh.readKey })).status).toBe(200);
    const revoked = await runGeolens(api.dataDir, 'key', 'revoke', '--key-id', fresh.readKeyId, '--json');
    expect(revoked).toMatchObject({ status: 0, stdout: `{"id":"${fresh.readKeyId}"}\n` });
    await api.settle();
    const { status, body } = await api.call('GET', '/v1/workspaces', { key: fresh.readKey });
    expect({ status, body }).toEqual({ status: 401, body: { message: 'This API key has been revoked' } });
  }, 30_000);

  test('401 for a revoked key', async () => {
    const revoked = await seedTeam(api);
    await revokeApiKey(api.context, revoked.readKeyId);
    await api.settle();
    const { status, body } = await api.call('GET', '/v1/workspaces', { key: revoked.readKey });
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'This API key has been revoked' });
  });

  test('the scheme name is case-insensitive', async () => {
    const { status } = await api.call('GET', '/v1/workspaces', { headers: { authorization: `bearer ${team.readKey}` } });
    expect(status).toBe(200);
  });

  test.each([['/v1/health'], ['/v1/openapi.json'], ['/v1/docs']])('%s answers without a key', async (path) => {
    expect((await api.call('GET', path)).status).toBe(200);
  });

  test('no log line holds the key, and each request’s line carries its request id', async () => {
    const { headers } = await api.call('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });
    const requestId = headers.get('x-request-id');
    const requestLines = api.logLines.filter((line) => requestId !== null && line.includes(requestId));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.join('\n')).toContain(`/v1/reports/brand/${reportId}`);
    expect(api.logLines.join('\n')).not.toContain(team.readKey);
    expect(api.logLines.join('\n')).not.toContain(team.readKey.slice('glk_live_'.length));
  });
});
