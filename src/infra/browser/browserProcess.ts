import { chromium, type Browser } from 'playwright-core';
import { locateChromium } from './chromiumPath.js';

/** The flags verified with Debian's Chromium on these machines: headless, no sandbox (containers), nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * What the content checks' browser adds: it opens no connection of its own. Every request a page makes is
 * answered through the guarded fetcher (routing) and every WebSocket closed; these flags shut what routing never
 * sees. Chromium resolves no host name and no IP literal itself (so preconnects, DNS prefetches, TURN over TCP,
 * WebTransport and anything else that dials directly finds nothing), WebRTC sends no UDP outside a proxy (there is
 * none), QUIC is off, and the cast discovery that multicasts on the local network is disabled.
 */
export const RENDERER_ARGS = [
  ...CHROMIUM_ARGS,
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-quic',
  '--disable-features=MediaRouter,DialMediaRouteProvider,DnsOverHttps',
];

/**
 * Playwright's handlers that close the browser on SIGINT, SIGTERM and SIGHUP stay off: the service's shutdown
 * closes it in its own order (closed under a render that was still wanted, the browser would be launched again).
 */
const NO_SIGNAL_HANDLERS = { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } as const;

/** Starts the browser `locateChromium` finds now (CHROMIUM_PATH, else the usual install paths) with CHROMIUM_ARGS; rejects saying what to install when there is none. */
export function launchChromium(configuredPath?: string): Promise<Browser> {
  const browser = locateChromium(configuredPath);
  if (browser.state === 'unavailable') return Promise.reject(new Error(browser.reason));
  return chromium.launch({ executablePath: browser.executablePath, args: CHROMIUM_ARGS, ...NO_SIGNAL_HANDLERS });
}

/** A browser and its process: a page stuck in a script answers no command, so a browser must be killable. */
export interface BrowserProcess {
  browser: Browser;
  /** Closes the browser; kills its process when it has not closed within `graceMs`. */
  shutDown(graceMs: number): Promise<void>;
  /** Kills the process at once (SIGKILL to its process group) and waits for it to exit. */
  kill(): Promise<void>;
}

/** Whether `work` settles (either way) within `ms`. */
export const settlesWithin = (work: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([work.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
};

/**
 * The content checks' browser (RENDERER_ARGS) as a process of its own this service holds the handle of, connected
 * to through Playwright's server on a loopback port whose path is a random token.
 */
export async function launchRendererBrowser(configuredPath?: string): Promise<BrowserProcess> {
  const located = locateChromium(configuredPath);
  if (located.state === 'unavailable') throw new Error(located.reason);
  const server = await chromium.launchServer({ executablePath: located.executablePath, args: RENDERER_ARGS, ...NO_SIGNAL_HANDLERS });
  const kill = () => server.kill();
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    return {
      browser,
      kill,
      async shutDown(graceMs) {
        if (!(await settlesWithin(browser.close().then(() => server.close()), graceMs))) await kill();
      },
    };
  } catch (error) {
    await kill();
    throw error;
  }
}
