import { afterEach, describe, expect, test } from '@jest/globals';
import { GoogleAiOverviewEngine } from '../../../src/engines/adapters/serpapi/googleAiOverview.js';
import type { EngineRequest } from '../../../src/engines/engine.js';
import { EngineResponseError } from '../../../src/engines/errors.js';
import { describeErrorMapping } from '../support/errorMapping.js';
import { fixture, startFakeProvider, type FakeProvider, type RecordedRequest, type Reply } from '../support/fakeProvider.js';

const request: EngineRequest = {
  engine: 'google',
  prompt: 'best running shoes for flat feet',
  country: 'us',
  date: '2025-08-17',
  promptId: 'prompt-1',
};

const create = (baseUrl: string, timeoutMs = 5_000): GoogleAiOverviewEngine =>
  new GoogleAiOverviewEngine({ apiKey: 'serpapi-test-key', baseUrl, timeoutMs });

const byEngine =
  (replies: Record<string, Reply>) =>
  (sent: RecordedRequest): Reply =>
    replies[sent.url.searchParams.get('engine') ?? ''] ?? { status: 400, json: { error: 'unexpected engine' } };

describe('Google AI Overviews adapter (SerpApi google engine)', () => {
  let provider: FakeProvider;
  afterEach(() => provider.close());

  test('asks SerpApi for the Google results of the prompt in the country, with the key', async () => {
    provider = await startFakeProvider(() => ({ json: fixture('serpapi-google-ai-overview-inline.json') }));
    await create(provider.baseUrl).run({ ...request, country: 'uk' });
    const [sent] = provider.requests;
    expect(sent?.method).toBe('GET');
    expect(sent?.url.pathname).toBe('/search.json');
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      engine: 'google',
      q: request.prompt,
      gl: 'uk',
      api_key: 'serpapi-test-key',
    });
  });

  test('maps an inline overview: text blocks as text, references as ranked citations, ads and shopping', async () => {
    provider = await startFakeProvider(() => ({ json: fixture('serpapi-google-ai-overview-inline.json') }));
    expect(await create(provider.baseUrl).run(request)).toEqual({
      content: [
        'Runners with flat feet usually do best in stability shoes, which use firmer foam or guide rails to limit overpronation.',
        '### Popular options',
        '- Brooks Adrenaline GTS 24: A long-time favourite with GuideRails support.\n' +
          '- ASICS GEL-Kayano 31: Plush and stable for longer runs.\n' +
          '  - Heavier than most trainers.\n' +
          '- Hoka Arahi 7: light, with J-Frame support.',
        '### How to choose\n\nTry shoes on late in the day, when feet are largest.',
        '| Shoe | Drop |\n| Adrenaline GTS 24 | 12 mm |',
      ].join('\n\n'),
      citations: [
        {
          title: 'The Best Running Shoes for Flat Feet, Tested',
          link: 'https://www.runnersworld.com/gear/a19663621/best-running-shoes-for-flat-feet/',
          rank: 1,
        },
        {
          title: 'Best shoes for flat feet? : r/RunningShoeGeeks',
          link: 'https://www.reddit.com/r/RunningShoeGeeks/comments/17b2c9x/best_shoes_for_flat_feet/',
          rank: 2,
        },
        { title: 'ASICS GEL-Kayano 31 Review', link: 'https://www.youtube.com/watch?v=3kPq9xYz1aB', rank: 3 },
        {
          title: 'Flat feet - Symptoms and causes',
          link: 'https://www.mayoclinic.org/diseases-conditions/flatfeet/symptoms-causes/syc-20372604',
          rank: 4,
        },
      ],
      webSearchQuery: [],
      ads: [
        {
          title: 'Brooks Adrenaline GTS 24 | Support Running Shoes',
          url: 'https://www.brooksrunning.com/en_us/adrenaline-gts-24/',
          brand: 'Brooks Running',
          position: 1,
        },
        {
          title: 'ASICS GEL-Kayano 31 - Stability Running Shoes',
          url: 'https://www.asics.com/us/en-us/gel-kayano-31/',
          image: 'https://serpapi.com/searches/68a1c2b0f1e2d3c4b5a69788/images/ad-asics.jpeg',
          brand: 'ASICS',
          position: 2,
        },
        {
          title: 'Running Shoes For Flat Feet | Free Gait Analysis',
          url: 'https://www.runningwarehouse.com/flat-feet-running-shoes',
          brand: 'Running Warehouse',
          position: 3,
        },
      ],
      shopping: [
        {
          title: "Brooks Women's Adrenaline GTS 24",
          image: 'https://serpapi.com/searches/68a1c2b0f1e2d3c4b5a69788/images/shop-1.webp',
          link: 'https://www.google.com/shopping/product/1?gl=us',
          tag: 'SALE',
          position: 1,
          price: '$139.95',
          rating: 4.7,
        },
        {
          title: 'Hoka Arahi 7',
          image: 'https://serpapi.com/searches/68a1c2b0f1e2d3c4b5a69788/images/shop-2.webp',
          link: 'https://www.google.com/shopping/product/2',
          position: 2,
          price: '$145.00',
        },
        {
          title: 'Saucony Guide 17',
          image: 'https://serpapi.com/searches/68a1c2b0f1e2d3c4b5a69788/images/imm-1.webp',
          link: 'https://www.dickssportinggoods.com/p/saucony-guide-17',
          position: 3,
          price: '$119.99',
          rating: 4.5,
        },
      ],
      overviewAvailable: true,
      producedBy: 'api',
    });
  });

  test('fetches a deferred overview with its page token from the google_ai_overview engine', async () => {
    provider = await startFakeProvider(
      byEngine({
        google: { json: fixture('serpapi-google-ai-overview-page-token.json') },
        google_ai_overview: { json: fixture('serpapi-google-ai-overview-deferred.json') },
      }),
    );
    const answer = await create(provider.baseUrl).run({ ...request, prompt: 'best crm for small business' });
    expect(Object.fromEntries(provider.requests[1]?.url.searchParams ?? [])).toEqual({
      engine: 'google_ai_overview',
      page_token: 'KIVu-nictZPdbqM4FMefJmVD2ovJPRlzHkgYxNAc3mRlXVYQAAAA',
      api_key: 'serpapi-test-key',
    });
    expect(answer.content).toBe(
      'For small businesses, HubSpot CRM, Zoho CRM and Pipedrive are the most often recommended CRMs.\n\n' +
        '- HubSpot CRM: Free core CRM, easy to start with.\n- Zoho CRM: Affordable and customisable.',
    );
    expect(answer.citations).toEqual([
      { title: 'The Best CRM Software for 2025', link: 'https://www.pcmag.com/picks/the-best-crm-software', rank: 1 },
      { title: 'Zoho CRM Review 2025', link: 'https://www.techradar.com/reviews/zoho-crm', rank: 2 },
    ]);
    expect(answer.ads).toEqual([
      { title: 'HubSpot CRM - Free CRM Software', url: 'https://www.hubspot.com/products/crm', brand: 'HubSpot', position: 1 },
    ]);
    expect(answer.overviewAvailable).toBe(true);
  });

  test('a search without an overview is a completed run with overviewAvailable false', async () => {
    provider = await startFakeProvider(() => ({ json: fixture('serpapi-google-no-overview.json') }));
    expect(await create(provider.baseUrl).run(request)).toEqual({
      content: '',
      citations: [],
      webSearchQuery: [],
      ads: [],
      shopping: [],
      overviewAvailable: false,
      producedBy: 'api',
    });
  });

  test('a deferred overview that Google does not deliver is an unavailable overview too', async () => {
    provider = await startFakeProvider(
      byEngine({
        google: { json: fixture('serpapi-google-ai-overview-page-token.json') },
        google_ai_overview: { json: { error: "Google hasn't returned any results for this query." } },
      }),
    );
    const answer = await create(provider.baseUrl).run(request);
    expect(answer.overviewAvailable).toBe(false);
    expect(answer.content).toBe('');
    expect(answer.ads).toHaveLength(1);
  });

  test("SerpApi's 'no results' message is an empty result, not a failure", async () => {
    provider = await startFakeProvider(() => ({
      json: { search_metadata: { status: 'Success' }, error: "Google hasn't returned any results for this query." },
    }));
    const answer = await create(provider.baseUrl).run(request);
    expect(answer.overviewAvailable).toBe(false);
  });

  test('any other SerpApi error message is a response error that does not reveal the key', async () => {
    provider = await startFakeProvider(() => ({ json: { error: 'Unsupported `xx` country - gl parameter.' } }));
    const error = await create(provider.baseUrl).run(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineResponseError);
    expect((error as Error).message).toContain('Unsupported');
    expect((error as Error).message).not.toContain('serpapi-test-key');
  });
});

describeErrorMapping({ create, request });
