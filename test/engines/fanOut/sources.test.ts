import { afterEach, describe, expect, test } from '@jest/globals';
import { ChatGptEngine } from '../../../src/engines/adapters/chatgpt.js';
import { ClaudeEngine } from '../../../src/engines/adapters/claude.js';
import { GeminiEngine } from '../../../src/engines/adapters/gemini.js';
import { AnswerSearches, createFanOutSources, PerplexityAgentSearches, type FanOutSourceRequest } from '../../../src/engines/index.js';
import { fixture, jsonBody, startFakeProvider, type FakeProvider, type RecordedRequest, type Reply } from '../support/fakeProvider.js';

const request: FanOutSourceRequest = { question: 'What is the best CRM for a small business?', country: 'uk', date: '2025-08-17' };

let provider: FakeProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

const serve = async (answer: (sent: RecordedRequest) => Reply): Promise<FakeProvider> => {
  provider = await startFakeProvider(answer);
  return provider;
};

describe('ChatGPT fan-out source (Responses API web_search_call actions)', () => {
  test('asks the question with web search located in the country and returns every search it ran', async () => {
    const openai = await serve(() => ({ json: fixture('openai-responses-web-search.json') }));
    const source = new AnswerSearches(new ChatGptEngine({ apiKey: 'sk-test', baseUrl: `${openai.baseUrl}/v1` }));
    expect(source.engine).toBe('chatgpt');
    expect(await source.searches(request)).toEqual(['best CRM for small business 2025', 'HubSpot vs Pipedrive small business', 'Zoho CRM pricing']);
    expect(jsonBody(openai.requests[0])).toMatchObject({
      input: request.question,
      tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'GB' } }],
    });
  });

  test('an answer without any search is an empty fan-out, not an error', async () => {
    const body = fixture('openai-responses-web-search.json') as { output: { type: string }[] };
    const withoutSearches = { ...body, output: body.output.filter((item) => item.type !== 'web_search_call') };
    const openai = await serve(() => ({ json: withoutSearches }));
    const source = new AnswerSearches(new ChatGptEngine({ apiKey: 'sk-test', baseUrl: `${openai.baseUrl}/v1` }));
    expect(await source.searches(request)).toEqual([]);
  });
});

describe('Claude fan-out source (web_search server_tool_use inputs)', () => {
  test('returns the query of every web search Claude ran, in order', async () => {
    const anthropic = await serve(() => ({ json: fixture('anthropic-messages-web-search.json') }));
    const source = new AnswerSearches(new ClaudeEngine({ apiKey: 'sk-ant-test', baseUrl: anthropic.baseUrl }));
    expect(await source.searches(request)).toEqual(['best CRM for small business 2025', 'Pipedrive vs HubSpot pricing']);
    expect(jsonBody(anthropic.requests[0])).toMatchObject({ messages: [{ role: 'user', content: request.question }] });
  });
});

describe('Gemini fan-out source (groundingMetadata.webSearchQueries)', () => {
  test('returns the grounding search queries', async () => {
    const gemini = await serve((sent) =>
      sent.url.pathname.includes('/grounding-api-redirect/')
        ? { status: 302, headers: { location: 'https://www.pcmag.com/picks/the-best-crm-software' }, text: '' }
        : { json: JSON.parse(JSON.stringify(fixture('gemini-generate-content-grounded.json')).replaceAll('{{baseUrl}}', gemini.baseUrl)) },
    );
    const source = new AnswerSearches(new GeminiEngine({ apiKey: 'gemini-test', baseUrl: gemini.baseUrl }));
    expect(await source.searches(request)).toEqual(['best CRM for small business', 'HubSpot vs Pipedrive vs Zoho CRM']);
  });
});

describe('Perplexity fan-out source (Agent API search_results queries)', () => {
  const create = (baseUrl: string, timeoutMs = 5_000): PerplexityAgentSearches => new PerplexityAgentSearches({ apiKey: 'pplx-test', baseUrl, timeoutMs });

  test('asks Sonar with the web_search tool located in the country, through POST /v1/responses with the key', async () => {
    const perplexity = await serve(() => ({ json: fixture('perplexity-agent-response-web-search.json') }));
    await create(perplexity.baseUrl).searches(request);
    const [sent] = perplexity.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/v1/responses');
    expect(sent?.headers.authorization).toBe('Bearer pplx-test');
    // The Agent API refuses unknown fields, so the body holds exactly the documented ones.
    expect(jsonBody(sent)).toEqual({
      model: 'perplexity/sonar',
      input: request.question,
      tools: [{ type: 'web_search', user_location: { country: 'GB' } }],
    });
  });

  test('returns the queries of every search_results item, once each, in order', async () => {
    const perplexity = await serve(() => ({ json: fixture('perplexity-agent-response-web-search.json') }));
    expect(await create(perplexity.baseUrl).searches(request)).toEqual([
      'best CRM for small business 2025',
      'HubSpot vs Zoho CRM for small teams',
      'Zoho CRM pricing per user',
    ]);
  });

  test('a run the API reports as failed (HTTP 200, status failed) is a response error carrying its message', async () => {
    const perplexity = await serve(() => ({
      json: { id: 'resp_1', object: 'response', created_at: 1, model: 'perplexity/sonar', status: 'failed', error: { message: 'model error' }, output: [] },
    }));
    await expect(create(perplexity.baseUrl).searches(request)).rejects.toThrow('perplexity: response failed: model error');
  });

  test.each([
    [{ status: 429, headers: { 'retry-after': '3' }, json: { error: { message: 'slow down' } } }, 'EngineRateLimitedError'],
    [{ status: 400, json: { error: { message: 'invalid request body: json: unknown field "x"', type: 'invalid_request', code: 400 } } }, 'EngineResponseError'],
    [{ status: 502, json: { error: { message: 'bad gateway' } } }, 'EngineUnavailableError'],
    [{ json: { object: 'response', output: 'nothing' } }, 'EngineResponseError'],
  ] satisfies [Reply, string][])('a failure leaves as the EngineError a worker acts on: %j', async (reply, errorName) => {
    const perplexity = await serve(() => reply);
    const error = await create(perplexity.baseUrl).searches(request).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe(errorName);
  });

  test('no answer before the deadline is a timeout', async () => {
    const perplexity = await serve(() => ({ hang: true }));
    const error = await create(perplexity.baseUrl, 150).searches(request).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe('EngineTimeoutError');
  });
});

describe('createFanOutSources', () => {
  test('without keys no engine has a real source', () => {
    expect(createFanOutSources({})).toEqual({});
  });

  test('each key gives its engine a real source; a SerpApi key gives none, since SerpApi reports no searches', () => {
    const sources = createFanOutSources({ openai: 'sk', anthropic: 'ant', gemini: 'gem', perplexity: 'pplx', serpapi: 'serp' });
    expect(Object.keys(sources).sort()).toEqual(['chatgpt', 'claude', 'gemini', 'perplexity']);
    for (const [engine, source] of Object.entries(sources)) expect(source.engine).toBe(engine);
    expect(sources.chatgpt).toBeInstanceOf(AnswerSearches);
    expect(sources.perplexity).toBeInstanceOf(PerplexityAgentSearches);
  });

  test('an empty key counts as no key', () => {
    expect(createFanOutSources({ openai: '', gemini: 'gem' })).toEqual({ gemini: expect.any(AnswerSearches) });
  });
});
