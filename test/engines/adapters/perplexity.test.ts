import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PerplexityEngine } from '../../../src/engines/adapters/perplexity.js';
import type { EngineAnswer, EngineRequest } from '../../../src/engines/engine.js';
import { describeErrorMapping } from '../support/errorMapping.js';
import { fixture, jsonBody, startFakeProvider, type FakeProvider } from '../support/fakeProvider.js';

const request: EngineRequest = {
  engine: 'perplexity',
  prompt: 'What is the best CRM for a small business?',
  country: 'us',
  date: '2025-08-17',
  promptId: 'prompt-1',
};

const create = (baseUrl: string, timeoutMs = 5_000): PerplexityEngine =>
  new PerplexityEngine({ apiKey: 'pplx-test', baseUrl, timeoutMs });

describe('Perplexity adapter (Sonar chat completions)', () => {
  let provider: FakeProvider;
  let answer: EngineAnswer;

  beforeAll(async () => {
    provider = await startFakeProvider(() => ({ json: fixture('perplexity-chat-completion.json') }));
    answer = await create(provider.baseUrl).run(request);
  });
  afterAll(() => provider.close());

  test('sends the prompt to /chat/completions with the key, model sonar and the user location', () => {
    const [sent] = provider.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer pplx-test');
    expect(jsonBody(sent)).toEqual({
      model: 'sonar',
      messages: [{ role: 'user', content: request.prompt }],
      web_search_options: { user_location: { country: 'US' } },
    });
  });

  test('maps the answer and the numbered sources with their titles, once each', () => {
    expect(answer).toEqual({
      content: expect.stringMatching(/^## Best CRMs for small businesses\n\n- \*\*HubSpot CRM\*\*/),
      citations: [
        { title: 'Best CRM Software: User Reviews from 2025 | G2', link: 'https://www.g2.com/categories/crm', rank: 1 },
        {
          title: 'Which CRM do you use? : r/smallbusiness',
          link: 'https://www.reddit.com/r/smallbusiness/comments/1c2x3y4/which_crm_do_you_use/',
          rank: 2,
        },
        { title: 'Zoho CRM | Top-rated Sales CRM Software', link: 'https://www.zoho.com/crm/', rank: 3 },
      ],
      webSearchQuery: [],
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: 'sonar',
    });
  });

  test('without a citations list, the search results give the sources', async () => {
    const { citations: _citations, ...withoutCitations } = fixture('perplexity-chat-completion.json') as Record<string, unknown>;
    const other = await startFakeProvider(() => ({ json: withoutCitations }));
    const result = await create(other.baseUrl).run(request);
    await other.close();
    expect(result.citations.map((citation) => citation.rank)).toEqual([1, 2, 3]);
    expect(result.citations[2]?.link).toBe('https://www.zoho.com/crm/');
  });
});

describe('Perplexity search queries', () => {
  test('the search keywords of Pro Search reasoning steps become the queries, once each', async () => {
    const provider = await startFakeProvider(() => ({ json: fixture('perplexity-chat-completion-pro-search.json') }));
    const answer = await create(provider.baseUrl).run(request);
    await provider.close();
    expect(answer.webSearchQuery).toEqual(['best CRM for small business 2025', 'HubSpot vs Zoho CRM small business', 'Zoho CRM pricing small team']);
    expect(answer.citations.map((citation) => citation.link)).toEqual(['https://www.g2.com/categories/crm', 'https://www.zoho.com/crm/']);
  });

  test('a reasoning step of an unfamiliar shape is skipped, not a failure', async () => {
    const body = fixture('perplexity-chat-completion-pro-search.json') as { choices: { message: { reasoning_steps: unknown[] } }[] };
    body.choices[0]?.message.reasoning_steps.unshift({ thought: 'odd', web_search: { search_keywords: 'not a list' } });
    const provider = await startFakeProvider(() => ({ json: body }));
    const answer = await create(provider.baseUrl).run(request);
    await provider.close();
    expect(answer.webSearchQuery).toEqual(['best CRM for small business 2025', 'HubSpot vs Zoho CRM small business', 'Zoho CRM pricing small team']);
  });
});

describeErrorMapping({ create, request });
