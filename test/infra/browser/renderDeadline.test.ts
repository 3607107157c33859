import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createChromiumRenderer, launchRendererBrowser, RenderDeadlineError, type BrowserProcess, type ChromiumRenderer } from '../../../src/infra/browser/index.js';
import { createSafeFetcher } from '../../../src/infra/http/index.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { SPA_TEXT, send, startFixtureServer, startSinglePageAppSite, type FixtureServer } from '../../support/fixtureSites/index.js';

/** Spins in a script once the DOM is parsed: the page loads, then answers no command. */
const SPINNING_PAGE = '<p>spinning</p><script>setTimeout(() => { for (;;) {} }, 50)</script>';
/** Spins before the DOM is parsed: the document never finishes loading. */
const SPINNING_WHILE_PARSED = '<p>spinning</p><script>for (;;) {}</script><p>never parsed</p>';

const as = (team: string) => ({ team, userAgent: 'Mozilla/5.0 (compatible; geolens-test)', headers: {} });
const fetcher = createSafeFetcher({ allowPrivateNetworks: true });

/** A renderer whose launches are counted. */
function countedRenderer(options: Partial<Parameters<typeof createChromiumRenderer>[0]> = {}): { renderer: ChromiumRenderer; launched: BrowserProcess[] } {
  const launched: BrowserProcess[] = [];
  const launch = async () => {
    const browser = await launchRendererBrowser();
    launched.push(browser);
    return browser;
  };
  return { renderer: createChromiumRenderer({ fetcher, launch, ...options }), launched };
}

describeWithChromium()('the render deadline', () => {
  let site: FixtureServer;
  let spa: FixtureServer;

  beforeAll(async () => {
    site = await startFixtureServer((request, response) => {
      if (request.url?.startsWith('/spinning-while-parsed')) return send(response, 200, 'text/html', SPINNING_WHILE_PARSED);
      if (request.url?.startsWith('/spinning')) return send(response, 200, 'text/html', SPINNING_PAGE);
      send(response, 200, 'text/html', `<h1>page ${request.url}</h1>`);
    });
    spa = await startSinglePageAppSite();
  });
  afterAll(async () => {
    await Promise.all([site.close(), spa.close()]);
  });

  test('a page that spins in a script fails at the deadline, naming it, and the browser goes on rendering', async () => {
    const { renderer, launched } = countedRenderer({ deadlineMs: 3_000 });
    try {
      const rendering = renderer.render(`${site.origin}/spinning`, as('team-b'));
      await expect(rendering).rejects.toThrow(RenderDeadlineError);
      await expect(rendering).rejects.toThrow(`rendering ${site.origin}/spinning took longer than 3 s (reading the page): the page kept the browser busy`);
      const next = await renderer.render(`${spa.origin}/`, as('team-b'));
      expect(next.html).toContain(SPA_TEXT.paragraph);
      // Tried once: a render past its deadline is not tried again in a new browser.
      expect(site.requests.filter(({ path }) => path === '/spinning')).toHaveLength(1);
      expect(launched).toHaveLength(1);
    } finally {
      await renderer.close();
    }
  }, 60_000);

  test('a page that spins before its DOM is parsed fails at the deadline while loading', async () => {
    const { renderer } = countedRenderer({ deadlineMs: 3_000 });
    try {
      await expect(renderer.render(`${site.origin}/spinning-while-parsed`, as('team-b'))).rejects.toThrow(
        `rendering ${site.origin}/spinning-while-parsed took longer than 3 s (loading the page): the page kept the browser busy`,
      );
    } finally {
      await renderer.close();
    }
  }, 60_000);

  test('prints a page to PDF, and a spinning page fails at the deadline while printing', async () => {
    const { renderer } = countedRenderer({ deadlineMs: 3_000 });
    try {
      const pdf = await renderer.printPdf(`${spa.origin}/`, as('team-a'));
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      await expect(renderer.printPdf(`${site.origin}/spinning-print`, as('team-a'))).rejects.toThrow('(printing the page): the page kept the browser busy');
    } finally {
      await renderer.close();
    }
  }, 60_000);

  test('a page that does not close within the grace has its browser killed; the next render starts another', async () => {
    // No grace at all: no page closes in no time, so every render ends by killing its browser.
    const { renderer, launched } = countedRenderer({ closeGraceMs: 0 });
    try {
      expect((await renderer.render(`${site.origin}/one`, as('team-a'))).html).toContain('page /one');
      expect(launched[0]?.browser.isConnected()).toBe(false);
      expect((await renderer.render(`${site.origin}/two`, as('team-a'))).html).toContain('page /two');
      expect(launched).toHaveLength(2);
    } finally {
      await renderer.close();
    }
  }, 60_000);

  test('one team gets at most half the pages: another team’s page renders while the first team’s spin', async () => {
    const { renderer } = countedRenderer({ concurrency: 2, deadlineMs: 60_000 });
    const settled: string[] = [];
    const spinning = ['/spinning/b1', '/spinning/b2', '/spinning/b3'].map((path) =>
      renderer.render(`${site.origin}${path}`, as('team-b')).then(
        () => settled.push(`${path} rendered`),
        () => settled.push(`${path} failed`),
      ),
    );
    try {
      while (!site.requests.some(({ path }) => path.startsWith('/spinning/b'))) await new Promise((resolve) => setTimeout(resolve, 20));
      const page = await renderer.render(`${site.origin}/team-a`, as('team-a'));
      settled.push('team A rendered');
      expect(page.html).toContain('page /team-a');
      expect(settled).toEqual(['team A rendered']);
      // Team B's second and third pages wait for its one page: it never held the second.
      expect(site.requests.filter(({ path }) => path.startsWith('/spinning/b'))).toHaveLength(1);
    } finally {
      await renderer.close();
      await Promise.all(spinning);
    }
    expect(settled.slice(1).sort()).toEqual(['/spinning/b1 failed', '/spinning/b2 failed', '/spinning/b3 failed']);
  }, 60_000);

  test('closing fails a render whose page spins, at once, and launches no browser again', async () => {
    const { renderer, launched } = countedRenderer({ deadlineMs: 600_000 });
    const rendering = renderer.render(`${site.origin}/spinning-closed`, as('team-b'));
    rendering.catch(() => undefined);
    while (!site.requests.some(({ path }) => path === '/spinning-closed')) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await renderer.close();
    await expect(rendering).rejects.toThrow();
    expect(launched).toHaveLength(1);
    expect(launched[0]?.browser.isConnected()).toBe(false);
  }, 30_000);
});
