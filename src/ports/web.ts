/**
 * The ports a GEO audit reaches the web through. Adapters live in src/infra/http (a fetcher whose every
 * hop passes the SSRF guard) and src/infra/browser (headless Chromium whose every request passes the same
 * guard); tests and the worker inject them.
 */

/** The final answer to a GET after redirects. */
export interface HttpAnswer {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

export interface HttpFetcher {
  /**
   * GETs `url` with `headers`, following redirects. Resolves with any HTTP answer (4xx and 5xx included);
   * rejects with `FetchRefusedError` when a hop would reach a forbidden address and with `FetchFailedError`
   * when no answer came.
   */
  get(url: string, headers: Record<string, string>): Promise<HttpAnswer>;
}

export interface RenderRequest {
  /** Whose render it is: the browser's pages are shared fairly between teams. */
  team: string;
  userAgent: string;
  /** Sent with every request the page makes, besides the user agent. */
  headers: Record<string, string>;
}

export interface RenderedPage {
  /** The DOM serialized after scripts ran. */
  html: string;
  /** HTTP status of the document, 0 when it got no answer. */
  status: number;
}

export interface PageRenderer {
  /**
   * Loads `url` with JavaScript enabled; rejects with `FetchRefusedError` when the document itself is refused, and
   * with `FetchFailedError` (`timeout`) when the render outlasts its deadline.
   */
  render(url: string, request: RenderRequest): Promise<RenderedPage>;
}

export interface PagePrinter {
  /** Loads `url` as `PageRenderer.render` does, under the same deadline, and prints it: an A4 PDF with backgrounds. */
  printPdf(url: string, request: RenderRequest): Promise<Uint8Array>;
}

/** A request the SSRF guard refused; the message says which address and why. */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
}

/** Why a request got no answer. `tooManyRedirects` matters apart: RFC 9309 reads it as "robots.txt unavailable". */
export type FetchFailure = 'invalidUrl' | 'unresolved' | 'timeout' | 'network' | 'tooManyRedirects' | 'tooLarge';

/** A request that got no (usable) answer; the message says why. */
export class FetchFailedError extends Error {
  override readonly name = 'FetchFailedError';

  constructor(
    readonly failure: FetchFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether content checks can render: `ready` with the browser's executable, or `unavailable` with a sentence
 * saying what is missing and how to install it.
 */
export type BrowserAvailability = { state: 'ready'; executablePath: string } | { state: 'unavailable'; reason: string };
