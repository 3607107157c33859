import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender } from '../../../src/infra/http/index.js';
import { MAX_WEBHOOKS_PER_WORKSPACE } from '../../../src/app/webhooks/webhooks.js';
import { seedTeam } from '../../api/support/seed.js';
import { startTestApi } from '../../api/support/testApi.js';

/** Each hop answers after `HOP_MS` with a redirect to the next one: five hops take 20 s, twice the deadline. */
const HOP_MS = 4000;

describe('one deadline for a whole delivery attempt', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const hop = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('hop') ?? '0');
      setTimeout(() => response.writeHead(hop < 5 ? 307 : 200, { location: `${base}/?hop=${hop + 1}` }).end(), HOP_MS);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('a chain of slow redirects fails at the 10 s deadline of the attempt, with a reason naming it', async () => {
    const sender = createWebhookSender({ allowPrivateNetworks: true });
    const started = Date.now();
    await expect(sender.post(`${base}/?hop=0`, { 'content-type': 'application/json' }, '{}')).rejects.toThrow(/within 10 s, the deadline of the whole request, redirects included/);
    expect(Date.now() - started).toBeLessThan(5 * HOP_MS);
  }, 30_000);
});

describe('webhooks per workspace', () => {
  test(`the ${MAX_WEBHOOKS_PER_WORKSPACE + 1}st webhook of a workspace is a 400 naming the limit; another workspace still creates`, async () => {
    const api = await startTestApi({ environment: { AUDIT_ALLOW_PRIVATE_NETWORKS: '1' } });
    try {
      const [team, other] = [await seedTeam(api), await seedTeam(api)];
      const create = (workspaceId: string, key: string) =>
        api.call<{ message: string }>('POST', `/v1/workspaces/${workspaceId}/webhooks`, { key, body: { url: 'http://127.0.0.1:9/hook' } });
      for (let index = 0; index < MAX_WEBHOOKS_PER_WORKSPACE; index++) {
        expect((await create(team.workspaceId, team.writeKey)).status).toBe(201);
        await api.settle();
      }
      const refused = await create(team.workspaceId, team.writeKey);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`the most a workspace may hold is ${MAX_WEBHOOKS_PER_WORKSPACE}`);
      expect((await create(other.workspaceId, other.writeKey)).status).toBe(201);
    } finally {
      await api.close();
    }
  });
});
