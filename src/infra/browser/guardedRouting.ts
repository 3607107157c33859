import type { BrowserContext, Route } from 'playwright-core';
import { FetchFailedError, FetchRefusedError } from '../../ports/web.js';
import type { SafeFetcher } from '../http/index.js';

/** Headers that describe the body or connection the fetcher already decoded, not the page's content. */
const HOP_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

function fulfillHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

/** What the guard refused while a page loaded; the document's own refusal fails the render. */
export interface RoutingLog {
  documentRefusal: FetchRefusedError | null;
  documentFailure: FetchFailedError | null;
}

/**
 * Answers one request of the page through the audit fetcher, so every request passes the SSRF guard with
 * its own DNS lookup and pinned address. Redirects are followed by the fetcher (each hop checked) and the
 * final answer is fulfilled: a fulfilled 3xx would make Chromium fetch the next hop itself, unrouted.
 */
async function answerThroughGuard(route: Route, fetcher: SafeFetcher, log: RoutingLog): Promise<void> {
  const request = route.request();
  const isDocument = request.isNavigationRequest() && request.frame().parentFrame() === null;
  try {
    const answer = await fetcher.follow({
      url: request.url(),
      method: request.method(),
      headers: request.headers(),
      body: request.postDataBuffer(),
    });
    await route.fulfill({ status: answer.status, headers: fulfillHeaders(answer.headers), body: answer.body });
  } catch (error) {
    if (isDocument && error instanceof FetchRefusedError) log.documentRefusal = error;
    if (isDocument && error instanceof FetchFailedError) log.documentFailure = error;
    await route.abort(error instanceof FetchRefusedError ? 'blockedbyclient' : 'failed');
  }
}

/**
 * Runs in every document before its own scripts: the page finds no WebRTC and no WebTransport, which open
 * connections no routing sees. The browser's flags (RENDERER_ARGS) shut the same channels again for what a
 * script could still reach (a worker's WebTransport, a frame created before this ran).
 */
const WITHOUT_DIRECT_CHANNELS = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceTransport', 'WebTransport']) {
  try { delete globalThis[name]; } catch {}
  try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
}`;

/**
 * Sends every HTTP request of `context` through the guarded fetcher, closes every WebSocket (which routing of
 * HTTP requests would not see) and takes WebRTC and WebTransport away from its pages. Returns the log of what the
 * document itself ran into.
 */
export async function routeThroughGuard(context: BrowserContext, fetcher: SafeFetcher): Promise<RoutingLog> {
  const log: RoutingLog = { documentRefusal: null, documentFailure: null };
  await context.addInitScript(WITHOUT_DIRECT_CHANNELS);
  await context.routeWebSocket(/.*/, (socket) => socket.close());
  await context.route('**/*', (route) =>
    // A route left over when the render ends (page closed) has nobody to answer.
    answerThroughGuard(route, fetcher, log).catch(() => undefined),
  );
  return log;
}
