import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { verifyAccessToken } from '../../../src/app/oauth/accessTokens.js';
import { issueAuthorizationCode } from '../../../src/app/oauth/authorizationCodes.js';
import { registerOAuthClient } from '../../../src/app/oauth/clients.js';
import { redeemAuthorizationCode, refreshAccessToken, type IssuedTokens } from '../../../src/app/oauth/tokens.js';
import type { Services } from '../../../src/app/shared/services.js';
import { compose, type Composition } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import type { RegisteredOAuthClient } from '../../../src/domain/oauth/client/events.js';
import type { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { clockAt } from '../../../src/background/clock.js';

const PROTECTED_RESOURCE = 'http://127.0.0.1:8080/mcp';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const REDIRECT_URI = 'http://127.0.0.1:43123/callback';

interface Process {
  composition: Composition;
  runner: ProjectionRunner;
  services: Services;
}

let dataDir: string;
/** Two compositions on one DATA_DIR: two connections to each store, as two geolens processes would have. */
let processes: [Process, Process];
let client: RegisteredOAuthClient;

async function startProcess(): Promise<Process> {
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }), {
    clock: clockAt(() => new Date('2026-11-15T10:00:00Z')),
  });
  const runner = composition.createProjectionRunner();
  await runner.start();
  return { composition, runner, services: composition.createServices(runner) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-oauth-'));
  processes = [await startProcess(), await startProcess()];
  client = await registerOAuthClient(processes[0].services, {
    clientId: 'oc_concurrency',
    metadata: { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' },
    clientSecret: null,
  });
});

afterAll(async () => {
  for (const { runner, composition } of processes) {
    await runner.stop();
    await composition.close();
  }
  await rm(dataDir, { recursive: true, force: true });
});

async function newCode(): Promise<string> {
  return issueAuthorizationCode(processes[0].services, {
    client,
    request: { redirectUri: REDIRECT_URI, scopes: [], codeChallenge: CHALLENGE, resource: null },
    user: { userId: 'usr_1', teamId: 'tm_1', permission: 'write', workspaceIds: 'all' },
    protectedResource: PROTECTED_RESOURCE,
  });
}

const redeemIn = (process: Process, code: string) =>
  redeemAuthorizationCode(process.services, { code, client, redirectUri: REDIRECT_URI, resource: null, protectedResource: PROTECTED_RESOURCE });

const fulfilled = (results: PromiseSettledResult<IssuedTokens>[]): IssuedTokens[] =>
  results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));

/** Whether a token works, as each process's bearer check would see it once its read model caught up. */
async function worksAnywhere(accessToken: string): Promise<boolean> {
  const head = await processes[0].services.eventStore.headPosition();
  const verdicts = await Promise.all(
    processes.map(async ({ runner, services }) => {
      await runner.waitFor(head);
      return (await verifyAccessToken(services, accessToken)) !== null;
    }),
  );
  return verdicts.some(Boolean);
}

describe('single use across processes', () => {
  test('two concurrent redemptions of one code never both succeed, and no token of a replayed code stays usable', async () => {
    for (let round = 0; round < 5; round++) {
      const code = await newCode();
      const results = await Promise.allSettled([redeemIn(processes[0], code), redeemIn(processes[1], code)]);
      const winners = fulfilled(results);
      expect(winners.length).toBeLessThanOrEqual(1);
      for (const tokens of winners) expect(await worksAnywhere(tokens.accessToken)).toBe(false);
    }
  });

  test('two concurrent refreshes with one refresh token never both succeed, and the family ends revoked', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await redeemIn(processes[0], await newCode());
      const refreshIn = (process: Process) =>
        refreshAccessToken(process.services, {
          refreshToken: first.refreshToken as string,
          clientId: client.clientId,
          requestedScopes: null,
          resource: null,
          protectedResource: PROTECTED_RESOURCE,
        });
      await processes[1].runner.waitFor(await processes[0].services.eventStore.headPosition());
      const winners = fulfilled(await Promise.allSettled([refreshIn(processes[0]), refreshIn(processes[1])]));
      expect(winners.length).toBeLessThanOrEqual(1);
      expect(await worksAnywhere(first.accessToken)).toBe(false);
      for (const tokens of winners) expect(await worksAnywhere(tokens.accessToken)).toBe(false);
    }
  });
});
