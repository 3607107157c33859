import { afterEach, describe, expect, test } from '@jest/globals';
import { CopilotEngine } from '../../../src/engines/adapters/serpapi/copilot.js';
import { GoogleAiModeEngine } from '../../../src/engines/adapters/serpapi/googleAiMode.js';
import type { EngineRequest } from '../../../src/engines/engine.js';
import { describeErrorMapping } from '../support/errorMapping.js';
import { fixture, startFakeProvider, type FakeProvider } from '../support/fakeProvider.js';

const request = (engine: EngineRequest['engine']): EngineRequest => ({
  engine,
  prompt: 'best crm for small business',
  country: 'de',
  date: '2025-08-17',
  promptId: 'prompt-1',
});

const createAiMode = (baseUrl: string, timeoutMs = 5_000): GoogleAiModeEngine =>
  new GoogleAiModeEngine({ apiKey: 'serpapi-test-key', baseUrl, timeoutMs });

const createCopilot = (baseUrl: string, timeoutMs = 5_000): CopilotEngine =>
  new CopilotEngine({ apiKey: 'serpapi-test-key', baseUrl, timeoutMs });

describe('Google AI Mode adapter (SerpApi google_ai_mode engine)', () => {
  let provider: FakeProvider;
  afterEach(() => provider.close());

  test('asks for the AI Mode answer in the country and maps text, references and shopping', async () => {
    provider = await startFakeProvider(() => ({ json: fixture('serpapi-google-ai-mode.json') }));
    const answer = await createAiMode(provider.baseUrl).run(request('google_ai_mode'));
    expect(Object.fromEntries(provider.requests[0]?.url.searchParams ?? [])).toEqual({
      engine: 'google_ai_mode',
      q: 'best crm for small business',
      gl: 'de',
      api_key: 'serpapi-test-key',
    });
    expect(answer).toEqual({
      content:
        'The best CRM for a small business depends on how your team sells. Three names come up most often:\n\n' +
        '- HubSpot CRM is free to start and easy to adopt.\n' +
        '- Pipedrive is built around a visual sales pipeline.\n' +
        '- Zoho CRM offers the most features for the price.\n\n' +
        '```\nCRM = contacts + deals + activities\n```',
      citations: [
        { title: 'The Best CRM Software for 2025', link: 'https://www.pcmag.com/picks/the-best-crm-software', rank: 1 },
        { title: 'Best CRM Software: User Reviews', link: 'https://www.g2.com/categories/crm', rank: 2 },
        { title: 'Pipedrive', link: 'https://www.pipedrive.com/en/features/pipeline-management', rank: 3 },
      ],
      webSearchQuery: [],
      ads: [],
      shopping: [
        {
          title: 'CRM for Dummies, 2nd Edition',
          image: 'https://serpapi.com/searches/68a1c4d2d3e4f50617283940/images/shop-1.webp',
          link: 'https://www.amazon.de/dp/1119123456',
          position: 1,
          price: '24,99 €',
          rating: 4.4,
        },
      ],
      overviewAvailable: true,
      producedBy: 'api',
    });
  });
});

describe('Copilot adapter (SerpApi bing_copilot engine)', () => {
  let provider: FakeProvider;
  afterEach(() => provider.close());

  test('asks for the Copilot answer (the engine takes no location) and maps header, text and references', async () => {
    provider = await startFakeProvider(() => ({ json: fixture('serpapi-bing-copilot.json') }));
    const answer = await createCopilot(provider.baseUrl).run(request('copilot'));
    expect(Object.fromEntries(provider.requests[0]?.url.searchParams ?? [])).toEqual({
      engine: 'bing_copilot',
      q: 'best crm for small business',
      api_key: 'serpapi-test-key',
    });
    expect(answer).toEqual({
      content:
        'Top CRMs for small businesses\n\n' +
        'Small businesses usually pick a CRM for ease of use and price.\n\n' +
        '### Most recommended\n\n' +
        '- HubSpot CRM – generous free plan.\n' +
        '- Salesforce Starter Suite – scales with you, but costs more.',
      citations: [
        {
          title: '15 Best CRM Software for Small Business (2025)',
          link: 'https://www.forbes.com/advisor/business/software/best-crm-small-business/',
          rank: 1,
        },
        { title: 'Salesforce Starter Suite', link: 'https://www.salesforce.com/small-business/', rank: 2 },
      ],
      webSearchQuery: [],
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
    });
  });
});

describe('Google AI Mode', () => {
  describeErrorMapping({ create: createAiMode, request: request('google_ai_mode') });
});

describe('Copilot', () => {
  describeErrorMapping({ create: createCopilot, request: request('copilot') });
});
