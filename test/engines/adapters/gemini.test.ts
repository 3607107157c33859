import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { GeminiEngine } from '../../../src/engines/adapters/gemini.js';
import type { EngineAnswer, EngineRequest } from '../../../src/engines/engine.js';
import { describeErrorMapping } from '../support/errorMapping.js';
import { fixture, jsonBody, startFakeProvider, type FakeProvider, type RecordedRequest, type Reply } from '../support/fakeProvider.js';

const request: EngineRequest = {
  engine: 'gemini',
  prompt: 'What is the best CRM for a small business?',
  country: 'uk',
  date: '2025-08-17',
  promptId: 'prompt-1',
};

const create = (baseUrl: string, timeoutMs = 5_000): GeminiEngine => new GeminiEngine({ apiKey: 'gemini-test-key', baseUrl, timeoutMs });

const redirects: Record<string, string> = {
  AUZIYQGqp1pcmag: 'https://www.pcmag.com/picks/the-best-crm-software',
  AUZIYQHk2reddit: 'https://www.reddit.com/r/sales/comments/18x2k9a/best_crm_for_a_small_team/',
  AUZIYQFz9pcmag2: 'https://www.pcmag.com/picks/the-best-crm-software',
};

/** Serves the grounded answer, and plays vertexaisearch for the redirect URIs it contains. */
const geminiAndRedirects =
  (baseUrl: () => string) =>
  (sent: RecordedRequest): Reply => {
    const redirectId = sent.url.pathname.split('/grounding-api-redirect/')[1];
    if (redirectId !== undefined) return { status: 302, headers: { location: redirects[redirectId] ?? '' }, text: '' };
    const body = JSON.stringify(fixture('gemini-generate-content-grounded.json')).replaceAll('{{baseUrl}}', baseUrl());
    return { json: JSON.parse(body) };
  };

describe('Gemini adapter (Gen AI SDK generateContent with googleSearch grounding)', () => {
  let provider: FakeProvider;
  let answer: EngineAnswer;

  beforeAll(async () => {
    provider = await startFakeProvider(geminiAndRedirects(() => provider.baseUrl));
    answer = await create(provider.baseUrl).run(request);
  });
  afterAll(() => provider.close());

  test('sends the prompt to generateContent with the key, Google Search enabled and the searcher placed in the country', () => {
    const sent = provider.requests.find((recorded) => recorded.method === 'POST');
    expect(sent?.url.pathname).toBe('/v1beta/models/gemini-flash-latest:generateContent');
    expect(sent?.headers['x-goog-api-key']).toBe('gemini-test-key');
    expect(jsonBody(sent)).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
      tools: [{ googleSearch: {} }],
      toolConfig: { retrievalConfig: { latLng: { latitude: 51.51, longitude: -0.13 } } },
    });
  });

  test('maps the answer, the grounding queries, and the sources resolved from their redirects', () => {
    expect(answer).toEqual({
      content: expect.stringMatching(/^For most small businesses, \*\*HubSpot CRM\*\*.*features for the price\.$/),
      citations: [
        { title: 'pcmag.com', link: 'https://www.pcmag.com/picks/the-best-crm-software', rank: 1 },
        { title: 'reddit.com', link: 'https://www.reddit.com/r/sales/comments/18x2k9a/best_crm_for_a_small_team/', rank: 2 },
      ],
      webSearchQuery: ['best CRM for small business', 'HubSpot vs Pipedrive vs Zoho CRM'],
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: 'gemini-2.5-flash',
    });
  });

  test('a redirect that does not resolve keeps the grounding URI', async () => {
    const broken = await startFakeProvider((sent) =>
      sent.url.pathname.includes('/grounding-api-redirect/') ? { status: 404, text: '' } : geminiAndRedirects(() => broken.baseUrl)(sent),
    );
    const result = await create(broken.baseUrl).run(request);
    await broken.close();
    expect(result.citations.map((citation) => citation.link)).toEqual([
      `${broken.baseUrl}/grounding-api-redirect/AUZIYQGqp1pcmag`,
      `${broken.baseUrl}/grounding-api-redirect/AUZIYQHk2reddit`,
      `${broken.baseUrl}/grounding-api-redirect/AUZIYQFz9pcmag2`,
    ]);
  });
});

describeErrorMapping({ create, request });
