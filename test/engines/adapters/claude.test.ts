import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ClaudeEngine } from '../../../src/engines/adapters/claude.js';
import type { EngineAnswer, EngineRequest } from '../../../src/engines/engine.js';
import { describeErrorMapping } from '../support/errorMapping.js';
import { fixture, jsonBody, startFakeProvider, type FakeProvider } from '../support/fakeProvider.js';

const request: EngineRequest = {
  engine: 'claude',
  prompt: 'What is the best CRM for a small business?',
  country: 'de',
  date: '2025-08-17',
  promptId: 'prompt-1',
};

const create = (baseUrl: string, timeoutMs = 5_000): ClaudeEngine =>
  new ClaudeEngine({ apiKey: 'sk-ant-test', baseUrl, timeoutMs });

describe('Claude adapter (Messages API with the web_search_20250305 server tool)', () => {
  let provider: FakeProvider;
  let answer: EngineAnswer;

  beforeAll(async () => {
    provider = await startFakeProvider(() => ({ json: fixture('anthropic-messages-web-search.json') }));
    answer = await create(provider.baseUrl).run(request);
  });
  afterAll(() => provider.close());

  test('sends the prompt to /v1/messages with the key, the model and web search located in the country', () => {
    const [sent] = provider.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/v1/messages');
    // SDK 1.x sends the API key as a bearer token.
    expect(sent?.headers.authorization).toBe('Bearer sk-ant-test');
    expect(sent?.headers['anthropic-version']).toBeDefined();
    expect(jsonBody(sent)).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 4096,
      messages: [{ role: 'user', content: request.prompt }],
      tools: [
        {
          type: 'web_search_20250305',
          name: 'web_search',
          max_uses: 5,
          user_location: { type: 'approximate', country: 'DE' },
        },
      ],
    });
  });

  test('keeps the answer after the last search, its cited sources in order, and every query', () => {
    expect(answer).toEqual({
      content:
        'Based on the search results, HubSpot CRM is the most recommended free option for small teams, while ' +
        'Pipedrive starts at $14 per user per month and is built around a visual sales pipeline. Small teams on ' +
        'Reddit also mention Zoho CRM as a cheaper alternative.',
      citations: [
        { title: 'The Best CRM Software for 2025 | PCMag', link: 'https://www.pcmag.com/picks/the-best-crm-software', rank: 1 },
        { title: 'Pipedrive Pricing | Plans & Prices', link: 'https://www.pipedrive.com/en/pricing', rank: 2 },
        {
          title: 'Which CRM do you use? : r/smallbusiness',
          link: 'https://www.reddit.com/r/smallbusiness/comments/1c2x3y4/which_crm_do_you_use/',
          rank: 3,
        },
      ],
      webSearchQuery: ['best CRM for small business 2025', 'Pipedrive vs HubSpot pricing'],
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: 'claude-sonnet-4-5-20250929',
    });
  });
});

describeErrorMapping({ create, request });
