/**
 * MCP tool-call latency (issue 9): `get_brand_report` through POST /mcp with an OAuth access token, 20
 * concurrent clients for 10 s, load generated from a separate process, beside a bare node:http server answering
 * the same bytes under the same load. The server runs the demo on temporary embedded stores.
 */
import { load } from 'cheerio';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { seedDemo, type DemoCredentials } from '../src/app/demo/seedDemo.js';
import { setTeamPlan } from '../src/app/teams/teams.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { startServer } from '../src/server.js';
import { untilCaughtUp, untilRebuilt } from './api.js';
import { assertClean, loadFromAnotherProcess, ratio, recordAnswer, startFloorServer } from './support/load.js';
import { profiled } from './support/profile.js';

const CLIENTS = 20;
const DURATION_SECONDS = 10;
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

async function seed(config: Config): Promise<DemoCredentials> {
  const composition = await compose(config, pino({ level: 'silent' }));
  try {
    const demo = await seedDemo(composition.context);
    await setTeamPlan(composition.context, { teamId: demo.teamId, plan: 'custom', mcpRequestsMax: null });
    return demo;
  } finally {
    await composition.close();
  }
}

/** The OAuth flow an MCP client runs: register, sign in and allow on the authorize page, exchange the code. */
export async function accessToken(baseUrl: string, user: DemoCredentials['user']): Promise<string> {
  const registered = (await (
    await fetch(`${baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', client_name: 'bench' }),
    })
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${baseUrl}/authorize`);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: registered.client_id,
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'bench',
  })) authorize.searchParams.set(name, value);
  const $ = load(await (await fetch(authorize)).text());
  const fields: Record<string, string> = { email: user.email, password: user.password, decision: 'allow' };
  $('form input[type=hidden]').each((_index, input) => void (fields[$(input).attr('name') ?? ''] = $(input).attr('value') ?? ''));
  const consent = await fetch($('form').attr('action') ?? '', { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = (await (
    await fetch(`${baseUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: registered.client_id }),
    })
  ).json()) as { access_token: string };
  return tokens.access_token;
}

export async function benchMcp(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-mcp-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const demo = await seed(config);
    const server = await startServer(config, pino({ level: 'silent' }));
    try {
      // The server builds its read models and the demo report's history on start: measure once they stand.
      await untilCaughtUp(server.url);
      await untilRebuilt(server.url, demo.readKey, demo.reportId);
      const token = await accessToken(server.url, demo.user);
      const job = {
        url: `${server.url}/mcp`,
        connections: CLIENTS,
        durationSeconds: DURATION_SECONDS,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_brand_report', arguments: { reportId: demo.reportId } } }),
      };
      const answer = await recordAnswer(job.url, { method: 'POST', headers: job.headers, body: job.body });
      if (answer.status !== 200) throw new Error(`get_brand_report answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
      // GEOLENS_BENCH_PROFILE=<folder>: the server's thread is profiled under the load.
      const measured = assertClean('MCP get_brand_report', await profiled('mcpGetBrandReport', () => loadFromAnotherProcess(job)));
      const floorServer = await startFloorServer(answer);
      try {
        const floor = assertClean('floor', await loadFromAnotherProcess({ ...job, url: floorServer.url }));
        return {
          mcpGetBrandReportP50Ms: measured.p50,
          mcpGetBrandReportP99Ms: measured.p99,
          mcpGetBrandReportRequestsPerSecond: measured.requestsPerSecond,
          floorNodeHttpP99Ms: floor.p99,
          floorNodeHttpRequestsPerSecond: floor.requestsPerSecond,
          ratioToFloor: ratio(measured.requestsPerSecond, floor.requestsPerSecond),
        };
      } finally {
        await floorServer.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
