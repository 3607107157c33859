import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { launchChromium, createChromiumRenderer } from '../../../src/infra/browser/index.js';
import { createSafeFetcher, publicAddressesOnly, type AddressPolicy } from '../../../src/infra/http/index.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { channelProbePage, channelProbeServiceWorker, startChannelListener, type ChannelListener } from '../../support/fixtureSites/channelProbe.js';
import { send, startFixtureServer, type FixtureServer } from '../../support/fixtureSites/index.js';

/** What the probe page reaches from a browser nobody guards: each channel the listener can name. */
const CHANNELS_UNGUARDED = [
  'fetch', 'xhr', 'beacon', 'img', 'iframe', 'stylesheet', 'css-url', 'font', 'video', 'prefetch', 'preload', 'form-post',
  'websocket', 'eventsource', 'worker-fetch', 'worker-ws', 'worker-eventsource', 'sharedworker-fetch', 'sharedworker-ws',
  'sharedworker-eventsource', 'serviceworker-fetch', 'turn', 'udp:stun', 'udp:turn',
];

/** Lets stragglers (ICE retransmits, a worker's late fetch) arrive before the counts are read. */
const STRAGGLERS_MS = 2_000;

describeWithChromium()('the content checks’ browser reaches nothing the guard has not approved', () => {
  let listener: ChannelListener;
  let site: FixtureServer;

  beforeAll(async () => {
    listener = await startChannelListener();
    const target = `127.0.0.1:${listener.port}`;
    site = await startFixtureServer((request, response) =>
      request.url === '/service-worker.js'
        ? send(response, 200, 'text/javascript', channelProbeServiceWorker(target))
        : send(response, 200, 'text/html', channelProbePage(target)),
    );
  });
  afterAll(async () => {
    await Promise.all([listener.close(), site.close()]);
  });
  beforeEach(() => {
    listener.hits.channels.length = 0;
    listener.hits.tcpConnections = 0;
    listener.hits.udpPackets = 0;
  });

  test('the probe page, in a browser nobody guards, reaches the listener by every channel it tries (the control)', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${site.origin}/`);
      await page.waitForSelector('#done', { timeout: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, STRAGGLERS_MS));
    } finally {
      await browser.close();
    }
    expect([...new Set(listener.hits.channels)].filter((channel) => CHANNELS_UNGUARDED.includes(channel)).sort()).toEqual([...CHANNELS_UNGUARDED].sort());
  }, 60_000);

  test('rendered with the guard in its default mode (only the page itself let through), no channel reaches the listener', async () => {
    // The default rules (private and loopback refused), except for the probe page's own server.
    const pageOnly: AddressPolicy = (endpoint) => (endpoint.address === '127.0.0.1' && endpoint.port === site.port ? null : publicAddressesOnly(endpoint));
    const renderer = createChromiumRenderer({ fetcher: createSafeFetcher({ addressPolicy: pageOnly }) });
    try {
      const rendered = await renderer.render(`${site.origin}/`, { team: 'team-a', userAgent: 'Mozilla/5.0 (compatible; geolens-test)', headers: {} });
      expect(rendered.html).toContain('probes done');
      await new Promise((resolve) => setTimeout(resolve, STRAGGLERS_MS));
    } finally {
      await renderer.close();
    }
    expect(listener.hits).toEqual({ tcpConnections: 0, udpPackets: 0, channels: [] });
  }, 60_000);
});
