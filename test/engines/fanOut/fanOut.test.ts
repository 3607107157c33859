import { afterEach, describe, expect, test } from '@jest/globals';
import { generateFanOut } from '../../../src/domain/fanOut/index.js';
import { profileOf } from '../../../src/engines/profiles/index.js';
import { ChatGptEngine } from '../../../src/engines/adapters/chatgpt.js';
import {
  AnswerSearches,
  EngineError,
  EngineRateLimitedError,
  fanOut,
  type FanOutRequest,
  type FanOutSource,
} from '../../../src/engines/index.js';
import { fixture, startFakeProvider, type FakeProvider } from '../support/fakeProvider.js';

const question = 'What is the best CRM for a small business?';
const request: FanOutRequest = { question, country: 'us', date: '2025-08-17' };
/** The CRM leaders of the simulator's catalog, which simulated comparisons and brand searches draw on. */
const CRM_LEADERS = ['HubSpot CRM', 'Salesforce', 'Pipedrive', 'Zoho CRM'];

/** A source answering fixed searches: the orchestration under test, not a provider, is what matters here. */
const fixedSource = (engine: FanOutSource['engine'], searches: string[]): FanOutSource => ({ engine, searches: () => Promise.resolve(searches) });

/** A source that never answers and records whether it was told to stop. */
const hangingSource = (engine: FanOutSource['engine'], stopped: { aborted: boolean }): FanOutSource => ({
  engine,
  searches: (_request, options) =>
    new Promise((_resolve, reject) => {
      options?.signal?.addEventListener('abort', () => {
        stopped.aborted = true;
        reject(new Error('aborted'));
      });
    }),
});

let provider: FakeProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

describe('fanOut', () => {
  test('without keys the default engines, ChatGPT, Google AI Mode and Gemini, come from the generator, marked simulated', async () => {
    const result = await fanOut(request, {});
    expect(result.map(({ engine, simulated }) => ({ engine, simulated }))).toEqual([
      { engine: 'chatgpt', simulated: true },
      { engine: 'google_ai_mode', simulated: true },
      { engine: 'gemini', simulated: true },
    ]);
    for (const { engine, queries } of result) {
      expect(queries).toEqual(generateFanOut({ question, engine, country: 'us', year: 2025, relatedNames: CRM_LEADERS }, profileOf(engine).fanOut.style));
      expect(queries.length).toBeGreaterThan(0);
    }
  });

  test('the same request gives the same fan-out', async () => {
    const engines = ['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude'] as const;
    expect(await fanOut({ ...request, engines }, {})).toEqual(await fanOut({ ...request, engines }, {}));
  });

  test('engines run in the order asked, each once', async () => {
    const result = await fanOut({ ...request, engines: ['claude', 'perplexity', 'claude'] }, {});
    expect(result.map(({ engine }) => engine)).toEqual(['claude', 'perplexity']);
  });

  test('an engine with a real source reports the searches it ran, classified; the others stay simulated', async () => {
    provider = await startFakeProvider(() => ({ json: fixture('openai-responses-web-search.json') }));
    const chatgpt = new AnswerSearches(new ChatGptEngine({ apiKey: 'sk-test', baseUrl: `${provider.baseUrl}/v1` }));
    const [real, simulated] = await fanOut({ ...request, engines: ['chatgpt', 'gemini'] }, { chatgpt });
    expect(real).toEqual({
      engine: 'chatgpt',
      simulated: false,
      queries: [
        {
          query: 'best CRM for small business 2025',
          type: 'recency',
          userIntent: 'commercial',
          reasoning: 'Adds "2025" to find up-to-date results; "best" shows the searcher weighing options before buying (commercial).',
        },
        {
          query: 'HubSpot vs Pipedrive small business',
          type: 'comparative',
          userIntent: 'commercial',
          reasoning: 'Compares HubSpot with Pipedrive; "vs" shows the searcher weighing options before buying (commercial).',
        },
        {
          query: 'Zoho CRM pricing',
          type: 'entity_expansion',
          userIntent: 'commercial',
          reasoning: 'Expands the question to Zoho CRM, which it does not name; "pricing" shows the searcher weighing options before buying (commercial).',
        },
      ],
    });
    expect(simulated?.simulated).toBe(true);
  });

  test("lowercase brand names in real searches are recognized from the catalog and the caller's known names", async () => {
    const sources = { claude: fixedSource('claude', ['hubspot pricing', 'acme crm review']) };
    const [claude] = await fanOut({ ...request, engines: ['claude'] }, sources, { knownEntities: ['Acme CRM'] });
    expect(claude?.queries.map(({ query, type }) => [query, type])).toEqual([
      ['hubspot pricing', 'entity_expansion'],
      ['acme crm review', 'entity_expansion'],
    ]);
  });

  test('a real source that ran no search gives an empty, unsimulated fan-out', async () => {
    const [gemini] = await fanOut({ ...request, engines: ['gemini'] }, { gemini: fixedSource('gemini', []) });
    expect(gemini).toEqual({ engine: 'gemini', simulated: false, queries: [] });
  });

  test('a failing real source fails the fan-out with its EngineError and stops the calls still running', async () => {
    provider = await startFakeProvider(() => ({ status: 429, headers: { 'retry-after': '5' }, json: { error: { message: 'slow down' } } }));
    const stopped = { aborted: false };
    const sources = {
      chatgpt: new AnswerSearches(new ChatGptEngine({ apiKey: 'sk-test', baseUrl: `${provider.baseUrl}/v1` })),
      gemini: hangingSource('gemini', stopped),
    };
    const error = await fanOut(request, sources).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineRateLimitedError);
    expect((error as EngineError).message).toBe('chatgpt: rate limited, retry after 5000 ms');
    expect(stopped.aborted).toBe(true);
  });

  test("the caller's abort reaches the real sources", async () => {
    const stopped = { aborted: false };
    const controller = new AbortController();
    const pending = fanOut({ ...request, engines: ['gemini'] }, { gemini: hangingSource('gemini', stopped) }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(stopped.aborted).toBe(true);
  });

  test('simulated searches are dated by the year of the fan-out', async () => {
    const [chatgpt] = await fanOut({ ...request, engines: ['chatgpt'], date: '2026-01-15T10:00:00.000Z' }, {});
    const queries = chatgpt?.queries.map(({ query }) => query).join(' ');
    expect(queries).toContain('2026');
    expect(queries).not.toContain('2025');
  });

  test('a date that is no date is refused before any engine is asked', async () => {
    const stopped = { aborted: false };
    await expect(fanOut({ ...request, date: 'yesterday' }, { gemini: hangingSource('gemini', stopped) })).rejects.toThrow(RangeError);
  });
});
