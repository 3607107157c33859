import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { FetchFailedError, FetchRefusedError } from '../../../src/ports/web.js';
import { createChromiumRenderer, launchRendererBrowser, type BrowserProcess, type ChromiumRenderer } from '../../../src/infra/browser/index.js';
import { createSafeFetcher, publicAddressesOnly, type AddressPolicy } from '../../../src/infra/http/index.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import {
  SPA_TEXT,
  send,
  startFixtureServer,
  startSinglePageAppSite,
  testCrawler,
  type FixtureServer,
} from '../../support/fixtureSites/index.js';

const GPTBOT = testCrawler('GPTBot').userAgent as string;
const AS_GPTBOT = { team: 'team-a', userAgent: GPTBOT, headers: {} };

describeWithChromium()('the Chromium renderer', () => {
  let spa: FixtureServer;
  let internal: FixtureServer;
  let prying: FixtureServer;
  let renderer: ChromiumRenderer;

  /** The default rules, except that exactly the page's own server is let through. */
  const allowingOnly =
    (server: FixtureServer): AddressPolicy =>
    (endpoint) =>
      endpoint.address === '127.0.0.1' && endpoint.port === server.port ? null : publicAddressesOnly(endpoint);

  beforeAll(async () => {
    spa = await startSinglePageAppSite();
    internal = await startFixtureServer((_request, response) => send(response, 200, 'text/plain', 'internal'));
    prying = await startFixtureServer((request, response) => {
      if (request.url === '/to-internal.js') {
        response.writeHead(302, { location: `${internal.origin}/redirected.js` });
        return response.end();
      }
      send(
        response,
        200,
        'text/html',
        `<p>public page</p>
        <img src="${internal.origin}/pixel.png">
        <script src="/to-internal.js"></script>
        <iframe src="${internal.origin}/frame"></iframe>
        <script>fetch('${internal.origin}/api').catch(() => {}); navigator.sendBeacon('${internal.origin}/beacon', 'x');</script>`,
      );
    });
    renderer = createChromiumRenderer({ fetcher: createSafeFetcher({ allowPrivateNetworks: true }) });
  });

  afterAll(async () => {
    await renderer.close();
    await Promise.all([spa.close(), internal.close(), prying.close()]);
  });

  test('renders the text a single-page app writes with JavaScript', async () => {
    const page = await renderer.render(`${spa.origin}/`, AS_GPTBOT);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<p>${SPA_TEXT.paragraph}</p>`);
  });

  test('sends the crawler’s user agent and the extra headers with the document and its scripts', async () => {
    await renderer.render(`${spa.origin}/`, { ...AS_GPTBOT, headers: { 'X-Geolens-Audit': 'check-1' } });
    const script = spa.requests.filter((request) => request.path === '/app.js').at(-1);
    expect(script?.headers['user-agent']).toBe(GPTBOT);
    expect(script?.headers['x-geolens-audit']).toBe('check-1');
  });

  test('sends no request of the page to a private address, redirects included', async () => {
    await renderer.render(`${prying.origin}/`, AS_GPTBOT);
    const reachedUnguarded = internal.requests.map((request) => request.path);
    expect(reachedUnguarded).toEqual(expect.arrayContaining(['/pixel.png', '/redirected.js', '/frame', '/api', '/beacon']));

    const guarded = createChromiumRenderer({ fetcher: createSafeFetcher({ addressPolicy: allowingOnly(prying) }) });
    try {
      const page = await guarded.render(`${prying.origin}/`, AS_GPTBOT);
      expect(page.html).toContain('public page');
      expect(prying.requests.filter((request) => request.path === '/to-internal.js')).toHaveLength(2);
      expect(internal.requests).toHaveLength(reachedUnguarded.length);
    } finally {
      await guarded.close();
    }
  });

  test('refuses to render a document at a private address, saying why', async () => {
    const guarded = createChromiumRenderer({ fetcher: createSafeFetcher() });
    try {
      const rendering = guarded.render(`${internal.origin}/`, AS_GPTBOT);
      await expect(rendering).rejects.toThrow(FetchRefusedError);
      await expect(rendering).rejects.toThrow('refused: 127.0.0.1 is a loopback address');
      expect(internal.requests.filter((request) => request.path === '/')).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  test('fails with the reason when the document gets no answer', async () => {
    const silent = await startFixtureServer(() => undefined);
    const impatient = createChromiumRenderer({ fetcher: createSafeFetcher({ allowPrivateNetworks: true, timeoutMs: 300 }) });
    try {
      const rendering = impatient.render(`${silent.origin}/`, AS_GPTBOT);
      await expect(rendering).rejects.toThrow(FetchFailedError);
      await expect(rendering).rejects.toThrow(`no answer from ${silent.origin}/ within 0.3 s`);
    } finally {
      await impatient.close();
      await silent.close();
    }
  });

  test('relaunches the browser after its process dies', async () => {
    const launched: BrowserProcess[] = [];
    const relaunching = createChromiumRenderer({
      fetcher: createSafeFetcher({ allowPrivateNetworks: true }),
      launch: async () => {
        const browser = await launchRendererBrowser();
        launched.push(browser);
        return browser;
      },
    });
    try {
      await relaunching.render(`${spa.origin}/`, AS_GPTBOT);
      await relaunching.render(`${spa.origin}/`, AS_GPTBOT);
      expect(launched).toHaveLength(1);
      await launched[0]!.kill();
      const page = await relaunching.render(`${spa.origin}/`, AS_GPTBOT);
      expect(page.html).toContain(SPA_TEXT.paragraph);
      expect(launched).toHaveLength(2);
    } finally {
      await relaunching.close();
    }
  });

  test('refuses to render once closed, without launching a browser again', async () => {
    let launches = 0;
    const closing = createChromiumRenderer({
      fetcher: createSafeFetcher({ allowPrivateNetworks: true }),
      launch: () => {
        launches += 1;
        return launchRendererBrowser();
      },
    });
    await closing.render(`${spa.origin}/`, AS_GPTBOT);
    await closing.close();
    await expect(closing.render(`${spa.origin}/`, AS_GPTBOT)).rejects.toThrow('the renderer is closed');
    expect(launches).toBe(1);
  });

  test('renders at most `concurrency` pages at once', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const held: Array<() => void> = [];
    const answer = (response: Parameters<typeof send>[0]) => () => {
      inFlight -= 1;
      send(response, 200, 'text/html', '<p>slow page</p>');
    };
    const releaseHeld = () => held.splice(0).forEach((release) => release());
    // Each page is held until a second one is in flight (or 5 s pass, as with a renderer of one page at a time), then
    // 150 ms more, so that a third page let through meanwhile is counted; a loaded machine cannot answer before overlap.
    const slow = await startFixtureServer((_request, response) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const release = answer(response);
      held.push(release);
      if (held.length >= 2) setTimeout(releaseHeld, 150);
      else
        setTimeout(() => {
          const index = held.indexOf(release);
          if (index >= 0) held.splice(index, 1)[0]?.();
        }, 5_000);
    });
    const bounded = createChromiumRenderer({ fetcher: createSafeFetcher({ allowPrivateNetworks: true }), concurrency: 2 });
    try {
      // Of four teams, so that no team's share holds a page back.
      const pages = await Promise.all(
        ['/a', '/b', '/c', '/d'].map((path) => bounded.render(`${slow.origin}${path}`, { ...AS_GPTBOT, team: `team ${path}` })),
      );
      expect(pages.every((page) => page.html.includes('slow page'))).toBe(true);
      expect(mostInFlight).toBe(2);
    } finally {
      await bounded.close();
      await slow.close();
    }
  });
});
