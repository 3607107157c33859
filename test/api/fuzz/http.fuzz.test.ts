/**
 * Property-based fuzzing of the HTTP edge: for every REST operation, requests generated
 * from its zod schemas and against them (hostile fields, paths, queries, methods, credentials, media types and
 * encodings) are sent over real HTTP to the API on real stores. Every answer is below 500, every 4xx is a JSON
 * `{message}`, and a refused request writes nothing. `npm test` runs a bounded number of cases with a fixed
 * seed; `npm run fuzz` runs `FUZZ_RUNS` (100,000) and prints the counts.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { Agent, request } from 'node:http';
import { apiRoutes } from '../../../src/api/app.js';
import { seedPrompts, seedReport, seedTag, seedTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { requestArbitrary, type FuzzRequest, type FuzzWorld } from './requests.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 19);
/** A long run prints its counts every so many requests: a run stopped early still says how far it got. */
const PROGRESS_EVERY = 5_000;

let api: TestApi;
let world: FuzzWorld;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  api = await startTestApi();
  const team = await seedTeam(api, { plan: 'custom', apiRequestsMax: 1_000_000_000 });
  const stranger = await seedTeam(api, { plan: 'custom', apiRequestsMax: 1_000_000_000 });
  const [promptId] = await seedPrompts(api, team.workspaceId, [{ country: 'us' }]);
  const tagId = await seedTag(api, team.workspaceId, 'Seeded');
  const reportId = await seedReport(api, team.workspaceId, { promptIds: [promptId as string] });
  const strangerReportId = await seedReport(api, stranger.workspaceId, { brand: 'Globex' });
  await api.settle();
  const check = await api.call<{ id: string }>('POST', '/v1/audits/geo/crawlability-checks', { key: team.writeKey, body: { workspaceId: team.workspaceId, url: 'https://acme.com/' } });
  world = {
    ids: [team.workspaceId, team.otherWorkspaceId, stranger.workspaceId, reportId, strangerReportId, promptId as string, tagId, check.body.id, 'br_unknown', 'ws_unknown'],
    keys: [team.writeKey, team.readKey, team.scopedReadKey, team.scopedWriteKey, stranger.writeKey],
  };
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await api.close();
});

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** node:http sends the path byte for byte (fetch would normalise `..` and percent-encoding first). */
function send(fuzzRequest: FuzzRequest): Promise<Answer> {
  const { hostname, port } = new URL(api.url);
  const headers = { ...fuzzRequest.headers, ...(fuzzRequest.body === undefined ? {} : { 'content-length': String(fuzzRequest.body.length) }) };
  return new Promise((resolve, reject) => {
    const outgoing = request({ agent, hostname, port, method: fuzzRequest.method, path: fuzzRequest.path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', text: Buffer.concat(chunks).toString('utf8') }));
      response.once('error', reject);
    });
    outgoing.once('error', reject);
    outgoing.end(fuzzRequest.body);
  });
}

const hasMessage = (answer: Answer): boolean => {
  if (!answer.contentType.includes('application/json')) return false;
  const body = JSON.parse(answer.text) as { message?: unknown };
  return typeof body.message === 'string' && body.message.length > 0;
};

test(`${RUNS} generated requests over every REST operation: no 5xx, a JSON {message} on every 4xx, nothing written when refused`, async () => {
  const routes = apiRoutes();
  const counts: Record<string, number> = {};
  const operationsReached = new Set<string>();
  const anyRequest = fc.oneof(...routes.map((route) => requestArbitrary(route, world)));
  await fc.assert(
    fc.asyncProperty(anyRequest, async (fuzzRequest) => {
      const head = await api.context.eventStore.headPosition();
      const answer = await send(fuzzRequest);
      const statusClass = `${Math.floor(answer.status / 100)}xx`;
      counts[statusClass] = (counts[statusClass] ?? 0) + 1;
      operationsReached.add(fuzzRequest.route);
      const sent = Object.values(counts).reduce((total, count) => total + count, 0);
      if (process.env.FUZZ_RUNS !== undefined && sent % PROGRESS_EVERY === 0) process.stdout.write(`fuzz: ${sent} requests so far, by status class ${JSON.stringify(counts)}\n`);
      if (answer.status >= 500) throw new Error(`${fuzzRequest.method} ${fuzzRequest.path} answered ${answer.status}: ${answer.text}`);
      if (answer.status >= 400 && fuzzRequest.method !== 'HEAD' && !hasMessage(answer)) {
        throw new Error(`${fuzzRequest.method} ${fuzzRequest.path} answered ${answer.status} without a JSON {message}: ${answer.text.slice(0, 200)}`);
      }
      if (answer.status >= 400) {
        const after = await api.context.eventStore.headPosition();
        if (after !== head) throw new Error(`${fuzzRequest.method} ${fuzzRequest.path} was refused with ${answer.status} but wrote events`);
      } else if (fuzzRequest.method !== 'GET' && fuzzRequest.method !== 'HEAD') {
        // What a write leaves to do after its answer happens before the next request, so its events are not blamed on it.
        await api.settle();
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  if (process.env.FUZZ_RUNS !== undefined) {
    process.stdout.write(`fuzz: ${RUNS} requests, seed ${SEED}, ${operationsReached.size} of ${routes.length} operations, by status class ${JSON.stringify(counts)}\n`);
  }
  expect(counts['5xx'] ?? 0).toBe(0);
  expect(operationsReached.size).toBe(routes.length);
}, Math.max(60_000, RUNS * 100));
