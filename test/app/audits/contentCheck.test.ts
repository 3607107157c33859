import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { FetchRefusedError, runContentCheck, type ContentCheckResult } from '../../../src/app/audits/index.js';
import { STRUCTURAL_WEIGHTS, type StructuralCategory } from '../../../src/domain/audits/index.js';
import { createChromiumRenderer, type ChromiumRenderer } from '../../../src/infra/browser/index.js';
import { createSafeFetcher } from '../../../src/infra/http/index.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import {
  SPA_NOSCRIPT,
  SPA_TEXT,
  send,
  startArticleSite,
  startBareSite,
  startBotForbiddingSite,
  startChallengeSite,
  startFixtureServer,
  startSinglePageAppSite,
  testCrawler,
  type FixtureServer,
} from '../../support/fixtureSites/index.js';

const CHATGPT_USER = testCrawler('ChatGPT-User');
const GPTBOT = testCrawler('GPTBot');

describeWithChromium()('runContentCheck', () => {
  const fetcher = createSafeFetcher({ allowPrivateNetworks: true });
  let renderer: ChromiumRenderer;
  let article: FixtureServer;
  let bare: FixtureServer;
  let spa: FixtureServer;
  let botForbidding: FixtureServer;
  let challenge: FixtureServer;

  const check = (site: FixtureServer, crawler = CHATGPT_USER, sendServiceHeader = false) =>
    runContentCheck(`${site.origin}/`, { crawler, sendServiceHeader, checkId: 'check-42', teamId: 'team' }, { fetcher, renderer });

  beforeAll(async () => {
    renderer = createChromiumRenderer({ fetcher });
    [article, bare, spa, botForbidding, challenge] = await Promise.all([
      startArticleSite(),
      startBareSite(),
      startSinglePageAppSite(),
      startBotForbiddingSite(),
      startChallengeSite(),
    ]);
  });

  afterAll(async () => {
    await renderer.close();
    await Promise.all([article, bare, spa, botForbidding, challenge].map((site) => site.close()));
  });

  test('answers exactly the result fields of a content check', async () => {
    expect(Object.keys(await check(article)).sort()).toEqual(['contentAnalysis', 'dynamicContent', 'structuralAnalysis']);
  });

  test('scores a well-structured article above 80 and a bare page below 30', async () => {
    const [articleResult, bareResult] = await Promise.all([check(article), check(bare)]);
    expect(articleResult.structuralAnalysis.overallScore).toBeGreaterThan(80);
    expect(bareResult.structuralAnalysis.overallScore).toBeLessThan(30);
    expect(articleResult.contentAnalysis.overallScore).toBeGreaterThan(bareResult.contentAnalysis.overallScore);
    for (const category of Object.keys(STRUCTURAL_WEIGHTS) as StructuralCategory[]) {
      expect(articleResult.structuralAnalysis.categoryScores[category]).toBeGreaterThan(bareResult.structuralAnalysis.categoryScores[category]);
    }
    expectConsistentScores(articleResult);
    expectConsistentScores(bareResult);
  });

  test('finds all the article’s text without JavaScript', async () => {
    const { dynamicContent } = await check(article);
    expect(dynamicContent.staticLength).toBeGreaterThan(1000);
    expect(dynamicContent).toMatchObject({ staticLength: dynamicContent.dynamicLength, score: 100, isPotentiallyBlocked: false });
  });

  test('measures the text a single-page app shows only with JavaScript', async () => {
    const { dynamicContent } = await check(spa);
    const renderedText = `${SPA_TEXT.heading} ${SPA_TEXT.paragraph}`;
    expect(dynamicContent).toMatchObject({
      staticLength: SPA_NOSCRIPT.length,
      dynamicLength: renderedText.length,
      isPotentiallyBlocked: false,
    });
    expect(dynamicContent.score).toBeCloseTo((100 * SPA_NOSCRIPT.length) / renderedText.length, 10);
    expect(dynamicContent.differenceDescription).toContain('crawlers that run no scripts miss the rest');
  });

  test('marks a page answered 403 to the crawler’s user agent as potentially blocked', async () => {
    const { dynamicContent } = await check(botForbidding, GPTBOT);
    expect(dynamicContent.isPotentiallyBlocked).toBe(true);
    expect(dynamicContent.differenceDescription).toContain('Fetched as GPTBot, the page was answered 403 Forbidden');
  });

  test('marks a bot-challenge page as potentially blocked', async () => {
    const { dynamicContent } = await check(challenge);
    expect(dynamicContent.isPotentiallyBlocked).toBe(true);
    expect(dynamicContent.differenceDescription).toContain('Cloudflare bot challenge');
  });

  test('fetches and renders with the crawler’s user agent and, when asked, the service header', async () => {
    const before = spa.requests.length;
    await check(spa, CHATGPT_USER, true);
    const requests = spa.requests.slice(before);
    expect(requests.map((request) => request.path).sort()).toEqual(['/', '/', '/app.js']);
    for (const request of requests) {
      expect(request.headers['user-agent']).toBe(CHATGPT_USER.userAgent);
      expect(request.headers['x-geolens-audit']).toBe('check-42');
    }
  });

  test('sends no service header unless asked', async () => {
    const before = spa.requests.length;
    await check(spa);
    expect(spa.requests.slice(before).some((request) => 'x-geolens-audit' in request.headers)).toBe(false);
  });

  test('fails, saying why, on a page that is not HTML', async () => {
    const pdf = await startFixtureServer((_request, response) => send(response, 200, 'application/pdf', '%PDF-1.7'));
    try {
      await expect(check(pdf)).rejects.toThrow(`${pdf.origin}/ is application/pdf, not an HTML page`);
    } finally {
      await pdf.close();
    }
  });

  test('fails, saying why, on a URL the SSRF guard refuses, before rendering anything', async () => {
    const guarded = createSafeFetcher();
    const before = article.requests.length;
    const refused = runContentCheck(`${article.origin}/`, { crawler: CHATGPT_USER, sendServiceHeader: false, checkId: 'c', teamId: 'team' }, { fetcher: guarded, renderer });
    await expect(refused).rejects.toThrow(FetchRefusedError);
    await expect(refused).rejects.toThrow('refused: 127.0.0.1 is a loopback address');
    expect(article.requests.length).toBe(before);
  });

  test('fails for a crawler identity without a user agent of its own', async () => {
    const googleExtended = { ...GPTBOT, name: 'Google-Extended', robotsToken: 'Google-Extended', userAgent: null };
    await expect(check(article, googleExtended)).rejects.toThrow('Google-Extended has no user agent of its own to fetch pages with');
  });
});

/** Every breakdown item within its maxScore; categories the sums of their items. */
function expectConsistentScores({ structuralAnalysis }: ContentCheckResult): void {
  for (const category of Object.keys(STRUCTURAL_WEIGHTS) as StructuralCategory[]) {
    const items = Object.values(structuralAnalysis[category].breakdown);
    for (const item of items) expect(item.score).toBeLessThanOrEqual(item.maxScore);
    expect(structuralAnalysis[category].score).toBe(items.reduce((sum, item) => sum + item.score, 0));
  }
}
