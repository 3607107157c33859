import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ChatGptEngine } from '../../../src/engines/adapters/chatgpt.js';
import type { EngineAnswer, EngineRequest } from '../../../src/engines/engine.js';
import { describeErrorMapping } from '../support/errorMapping.js';
import { fixture, jsonBody, startFakeProvider, type FakeProvider } from '../support/fakeProvider.js';

const request: EngineRequest = {
  engine: 'chatgpt',
  prompt: 'What is the best CRM for a small business?',
  country: 'uk',
  date: '2025-08-17',
  promptId: 'prompt-1',
};

const create = (baseUrl: string, timeoutMs = 5_000): ChatGptEngine =>
  new ChatGptEngine({ apiKey: 'sk-test-openai', baseUrl: `${baseUrl}/v1`, timeoutMs });

describe('ChatGPT adapter (OpenAI Responses API with web_search)', () => {
  let provider: FakeProvider;
  let answer: EngineAnswer;

  beforeAll(async () => {
    provider = await startFakeProvider(() => ({ json: fixture('openai-responses-web-search.json') }));
    answer = await create(provider.baseUrl).run(request);
  });
  afterAll(() => provider.close());

  test('sends the prompt to /v1/responses with the key, the model and web search located in the country', () => {
    const [sent] = provider.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/v1/responses');
    expect(sent?.headers.authorization).toBe('Bearer sk-test-openai');
    expect(jsonBody(sent)).toEqual({
      model: 'gpt-5-mini',
      input: request.prompt,
      tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'GB' } }],
    });
  });

  test('maps the answer text, the cited sources by first appearance, and the search queries', () => {
    expect(answer).toEqual({
      content: expect.stringMatching(/^For a small business, \*\*HubSpot CRM\*\*.*expensive quickly/),
      citations: [
        {
          title: 'Free CRM Software for Your Whole Team | HubSpot',
          link: 'https://www.hubspot.com/products/crm?utm_source=openai',
          rank: 1,
        },
        { title: 'Pipedrive Pricing | Plans & Prices', link: 'https://www.pipedrive.com/en/pricing?utm_source=openai', rank: 2 },
        {
          title: 'Best CRM Software: User Reviews from 2025 | G2',
          link: 'https://www.g2.com/categories/crm?utm_source=openai',
          rank: 3,
        },
      ],
      webSearchQuery: ['best CRM for small business 2025', 'HubSpot vs Pipedrive small business', 'Zoho CRM pricing'],
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: 'gpt-5-mini-2025-08-07',
    });
  });
});

describe('ChatGPT search queries', () => {
  test('a search whose queries list is empty still counts its query, and a query missing from the list is kept', async () => {
    const provider = await startFakeProvider(() => ({ json: fixture('openai-responses-web-search-query-only.json') }));
    const answer = await create(provider.baseUrl).run(request);
    await provider.close();
    expect(answer.webSearchQuery).toEqual(['best CRM for small business 2025', 'Pipedrive pricing', 'HubSpot vs Pipedrive small business']);
  });
});

describeErrorMapping({ create, request });
