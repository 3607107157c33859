import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { ReadModels } from '../../src/projections/runner/readModels.js';
import { seedTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

describe('error answers', () => {
  let api: TestApi;
  let key: string;

  beforeAll(async () => {
    api = await startTestApi();
    key = (await seedTeam(api)).writeKey;
  });
  afterAll(() => api.close());

  test('an unknown path answers 404 with the plain body', async () => {
    const { status, body } = await api.call('GET', '/v1/nothing-here', { key });
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'No such endpoint: GET /v1/nothing-here' });
  });

  test('a path parameter that is not valid percent-encoding answers 400, not 500', async () => {
    const { status, body } = await api.call('GET', '/v1/reports/brand/%E0%A4%A', { key });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Malformed percent-encoding in the path: /v1/reports/brand/%E0%A4%A' });
  });

  // On PostgreSQL (the CI's second run of these suites) a NUL reached the read model's query and answered 500.
  test.each([
    ['/v1/workspaces/%00/branding', 'params', 'id'],
    ['/v1/reports/brand/br_%00', 'params', 'reportId'],
    ['/v1/workspaces?cursor=%00', 'query', 'cursor'],
  ])('GET %s: a NUL in a path parameter or query value is a 400 naming it', async (path, target, field) => {
    const { status, body } = await api.call('GET', path, { key });
    expect({ status, body }).toMatchObject({ status: 400, body: { target, errors: [{ path: field, message: 'May not hold a NUL character (%00)', code: 'invalid_format' }] } });
  });

  test('routes are matched as express matches them: any letter case, an optional trailing slash, HEAD as GET, OPTIONS with the allowed methods', async () => {
    expect((await api.call('GET', '/V1/Health/')).status).toBe(200);
    const head = await fetch(`${api.url}/v1/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await api.call('GET', '/v1/health/extra')).status).toBe(404);
    const options = await fetch(`${api.url}/v1/reports/brand/br_any`, { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
  });

  test('a body over 1 MB answers 413 with the plain body', async () => {
    const { status, body } = await api.call('PATCH', '/v1/reports/brand/br_any', { key, rawBody: JSON.stringify({ reportTitle: 'x'.repeat(1_100_000) }) });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'request entity too large' });
  });
});

describe('an unexpected failure', () => {
  let api: TestApi;
  let key: string;
  let failing = false;

  beforeAll(async () => {
    api = await startTestApi({
      services: (services) => {
        const readModels = {
          collection: (...args: Parameters<ReadModels['collection']>) =>
            failing ? Promise.reject(new Error('disk on fire')) : services.readModels.collection(...args),
        } as ReadModels;
        return { ...services, readModels };
      },
    });
    key = (await seedTeam(api)).readKey;
  });
  afterAll(() => api.close());

  test('answers 500 with a generic message and logs the error under the request id', async () => {
    failing = true;
    const { status, body, headers } = await api.call('GET', '/v1/workspaces', { key });
    failing = false;
    expect(status).toBe(500);
    expect(body).toEqual({ message: 'Internal server error' });
    const requestId = headers.get('x-request-id') ?? 'missing';
    const logged = api.logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; err?: { message?: string } });
    expect(logged).toContainEqual(expect.objectContaining({ reqId: requestId, msg: 'request failed', err: expect.objectContaining({ message: 'disk on fire' }) }));
  });
});
