import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { FAN_OUT_QUERY_TYPES, USER_INTENTS } from '../../../src/domain/fanOut/index.js';
import { ChatGptEngine } from '../../../src/engines/adapters/chatgpt.js';
import { AnswerSearches } from '../../../src/engines/fanOut/index.js';
import { fixture, startFakeProvider, type FakeProvider, type Reply } from '../../engines/support/fakeProvider.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { allPages, testWorker, type TestWorker } from './support.js';

const FAN_OUTS = '/v1/audits/query-fan-outs';

interface Created {
  id: string;
  workspaceId: string;
  query: string;
  status: string;
  createdDate: string;
}

interface FanOut extends Omit<Created, 'status'> {
  country: string;
  status: string;
  completedDate?: string;
  error?: string;
  engines: Array<{ engine: string; simulated: boolean; queries: Array<{ query: string; type: string; userIntent: string; reasoning: string }> }>;
  results: Array<{ engine: string; state: string; reasoningForCount: string; expandedQueries: string[]; failureReason: string | null }>;
}

let api: TestApi;
let team: SeededTeam;
let simulated: TestWorker;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api, { plan: 'premium' });
  simulated = testWorker(api);
});
afterAll(async () => {
  await simulated.close();
  await api.close();
});

const create = (body: Record<string, unknown>, key = team.writeKey) => api.call<Created>('POST', FAN_OUTS, { key, body: { workspaceId: team.workspaceId, ...body } });
const detail = async (id: string) => (await api.call<FanOut>('GET', `${FAN_OUTS}/${id}`, { key: team.readKey })).body;

describe('creating a query fan-out', () => {
  test('answers 201 with the pending run, which a GET shows at once with the default country and no queries yet', async () => {
    const created = await create({ query: 'best CRM for small business' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^qf_/), workspaceId: team.workspaceId, query: 'best CRM for small business', status: 'pending', createdDate: api.clock.now.toISOString() });
    const pendingResult = { state: 'pending', reasoningForCount: 'Not counted yet: the fan-out is pending.', expandedQueries: [], failureReason: null };
    expect(await detail(created.body.id)).toEqual({
      ...created.body,
      country: 'us',
      engines: [],
      results: ['chatgpt', 'google_ai_mode', 'gemini'].map((engine) => ({ engine, ...pendingResult })),
    });
  });

  test('once completed, results has one entry per engine with its searches’ text, why that many, and no failure', async () => {
    const created = await create({ query: 'Which laptop should I buy for college?', engines: ['chatgpt', 'claude', 'copilot'] });
    await simulated.runAll();
    const run = await detail(created.body.id);
    expect(run.results).toEqual(
      run.engines.map(({ engine, queries }) => ({
        engine,
        state: 'completed',
        reasoningForCount: expect.stringMatching(new RegExp(`^Simulated: .* usually runs \\d+ to \\d+ searches for one question, and the generator gave this one ${queries.length} searches\\.$`)),
        expandedQueries: queries.map(({ query }) => query),
        failureReason: null,
      })),
    );
    expect(run.results.map(({ engine }) => engine)).toEqual(['chatgpt', 'claude', 'copilot']);
  });

  test('a plain question gives every engine 3 to 12 simulated searches', async () => {
    const engines = ['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude'];
    const created = await create({ query: 'best CRM for small business', engines });
    await simulated.runAll();
    const run = await detail(created.body.id);
    expect(run.engines.map(({ engine }) => engine)).toEqual(engines);
    for (const { engine, queries } of run.engines) {
      expect({ engine, inRange: queries.length >= 3 && queries.length <= 12 }).toEqual({ engine, inRange: true });
    }
  });

  test('without engine keys the worker completes it on the default engines, every one simulated', async () => {
    const created = await create({ query: 'best CRM for small business' });
    await simulated.runAll();
    const run = await detail(created.body.id);
    expect(run).toMatchObject({ status: 'completed', completedDate: api.clock.now.toISOString() });
    expect(run.engines.map(({ engine, simulated: isSimulated }) => [engine, isSimulated])).toEqual([['chatgpt', true], ['google_ai_mode', true], ['gemini', true]]);
    for (const { queries } of run.engines) {
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) {
        expect(FAN_OUT_QUERY_TYPES).toContain(query.type);
        expect(USER_INTENTS).toContain(query.userIntent);
        expect(query.reasoning.length).toBeGreaterThan(0);
      }
    }
  });

  test('the country and engines asked for are used; an engine listed twice runs once', async () => {
    const created = await create({ query: 'cheapest project management tool', country: 'uk', engines: ['perplexity', 'claude', 'perplexity'] });
    await simulated.runAll();
    const run = await detail(created.body.id);
    expect(run).toMatchObject({ country: 'uk', status: 'completed' });
    expect(run.engines.map(({ engine }) => engine)).toEqual(['perplexity', 'claude']);
  });

  test.each([
    ['an empty query', { query: '  ' }, 'query', 'too_small'],
    ['a query of 501 characters', { query: 'q'.repeat(501) }, 'query', 'too_big'],
    ['an unknown engine', { query: 'crm', engines: ['bing'] }, 'engines.0', 'invalid_value'],
    ['no engines', { query: 'crm', engines: [] }, 'engines', 'too_small'],
    ['a country code that is not one', { query: 'crm', country: 'gb' }, 'country', 'invalid_value'],
  ])('400 for %s, and nothing is created', async (_case, body, path, code) => {
    const head = await api.context.eventStore.headPosition();
    const answer = await create(body);
    expect(answer).toMatchObject({ status: 400, body: { target: 'body', errors: [expect.objectContaining({ path, code })] } });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test('403 with a read key or outside the key’s workspaces, 404 for an unknown workspace', async () => {
    expect((await create({ query: 'crm' }, team.readKey)).status).toBe(403);
    expect((await create({ query: 'crm', workspaceId: team.otherWorkspaceId }, team.scopedWriteKey)).status).toBe(403);
    expect((await create({ query: 'crm', workspaceId: 'ws_unknown' })).status).toBe(404);
  });
});

describe('a fan-out with an engine key asks the engine', () => {
  let provider: FakeProvider;
  let reply: () => Reply;
  let real: TestWorker;

  beforeAll(async () => {
    provider = await startFakeProvider(() => reply());
    const chatgpt = new AnswerSearches(new ChatGptEngine({ apiKey: 'sk-test', baseUrl: `${provider.baseUrl}/v1`, timeoutMs: 1_000 }));
    real = testWorker(api, { fanOutSources: { chatgpt } });
  });
  afterAll(async () => {
    await real.close();
    await provider.close();
  });

  test('its queries are the searches the engine ran, classified, and not simulated; the others are simulated', async () => {
    reply = () => ({ json: fixture('openai-responses-web-search.json') });
    const created = await create({ query: 'What is the best CRM for a small business?' });
    await real.runAll();
    const run = await detail(created.body.id);
    expect(run.status).toBe('completed');
    const [chatgpt, ...others] = run.engines;
    expect(chatgpt).toMatchObject({ engine: 'chatgpt', simulated: false });
    expect(chatgpt?.queries.map(({ query }) => query)).toEqual(['best CRM for small business 2025', 'HubSpot vs Pipedrive small business', 'Zoho CRM pricing']);
    expect(chatgpt?.queries[1]?.type).toBe('comparative');
    expect(others.map(({ simulated: isSimulated }) => isSimulated)).toEqual([true, true]);
    expect(run.results[0]).toEqual({
      engine: 'chatgpt',
      state: 'completed',
      reasoningForCount: 'ChatGPT ran 3 searches to answer the question, as its API reported them.',
      expandedQueries: ['best CRM for small business 2025', 'HubSpot vs Pipedrive small business', 'Zoho CRM pricing'],
      failureReason: null,
    });
  });

  test('it is running while the engine answers, then failed with the engine’s error when the engine fails', async () => {
    reply = () => ({ hang: true });
    const created = await create({ query: 'best CRM' });
    await api.settle();
    const running = real.runAll();
    let seen = (await detail(created.body.id)).status;
    while (seen === 'pending') {
      await delay(10);
      await api.settle();
      seen = (await detail(created.body.id)).status;
    }
    expect(seen).toBe('running');
    await running;
    const failed = await detail(created.body.id);
    expect(failed).toMatchObject({ status: 'failed', completedDate: api.clock.now.toISOString(), error: 'chatgpt: no answer within 1000 ms', engines: [] });
    expect(failed.results).toEqual(
      ['chatgpt', 'google_ai_mode', 'gemini'].map((engine) => ({
        engine,
        state: 'failed',
        reasoningForCount: expect.stringMatching(/^No searches: the fan-out failed/),
        expandedQueries: [],
        failureReason: 'chatgpt: no answer within 1000 ms',
      })),
    );
  });
});

describe('reading query fan-outs', () => {
  test('the list pages newest first with its items; workspaceId narrows it; scoping holds', async () => {
    const fresh = await seedTeam(api, { plan: 'premium' });
    const ids: string[] = [];
    for (let index = 0; index < 26; index++) {
      api.clock.now = new Date(api.clock.now.getTime() + 1000);
      ids.push((await create({ workspaceId: index % 2 === 0 ? fresh.workspaceId : fresh.otherWorkspaceId, query: `query ${index}` }, fresh.writeKey)).body.id);
    }
    const first = await api.call<{ items: unknown[]; paging: { hasMore: boolean } }>('GET', FAN_OUTS, { key: fresh.readKey });
    expect(first.body.items).toHaveLength(25);
    expect(first.body.paging.hasMore).toBe(true);
    expect(first.body.items[0]).toEqual({ id: ids[25], workspaceId: fresh.otherWorkspaceId, query: 'query 25', country: 'us', status: 'pending', createdDate: api.clock.now.toISOString() });
    expect((await allPages<{ id: string }>(api, FAN_OUTS, fresh.readKey)).map(({ id }) => id)).toEqual([...ids].reverse());
    const inFirst = ids.filter((_id, index) => index % 2 === 0).reverse();
    expect((await allPages<{ id: string }>(api, `${FAN_OUTS}?workspaceId=${fresh.workspaceId}`, fresh.readKey)).map(({ id }) => id)).toEqual(inFirst);
    expect((await allPages<{ id: string }>(api, FAN_OUTS, fresh.scopedReadKey)).map(({ id }) => id)).toEqual(inFirst);
    expect((await api.call('GET', `${FAN_OUTS}/${ids[1]}`, { key: fresh.scopedReadKey })).status).toBe(403);
    expect((await api.call('GET', `${FAN_OUTS}/qf_unknown`, { key: fresh.readKey })).status).toBe(404);
  });
});
