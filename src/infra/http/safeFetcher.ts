import { fetch } from 'undici';
import { FetchFailedError, type HttpAnswer, type HttpFetcher } from '../../ports/web.js';
import { anyAddress, publicAddressesOnly, type AddressPolicy } from './addressPolicy.js';
import { decodeBody, readLimitedBody } from './body.js';
import { systemHostResolver, type HostResolver } from './hostResolver.js';
import { checkHop, pinnedAgent, type HopTarget } from './pinnedEndpoint.js';

export const AUDIT_REQUEST_TIMEOUT_MS = 10_000;
export const AUDIT_MAX_BODY_BYTES = 5 * 1024 * 1024;
export const AUDIT_MAX_REDIRECTS = 5;

export interface SafeFetcherOptions {
  /** `AUDIT_ALLOW_PRIVATE_NETWORKS=1`: lets every address through. */
  allowPrivateNetworks?: boolean;
  /** Replaces the rule `allowPrivateNetworks` picks (tests allow exactly their fixture server). */
  addressPolicy?: AddressPolicy;
  resolveHost?: HostResolver;
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
}

export interface ExchangeRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  body?: Buffer | null;
}

export interface ExchangeAnswer {
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ", except set-cookie lines, joined with "\n". */
  headers: Record<string, string>;
  body: Buffer;
}

/** The audit fetcher: `get` for the checks, `follow` for the browser's requests, both through the guard. */
export interface SafeFetcher extends HttpFetcher {
  /** Sends `request`, follows redirects (each hop checked) and answers with the bytes of the final response. */
  follow(request: ExchangeRequest): Promise<ExchangeAnswer>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie'];

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchFailedError('invalidUrl', `not a valid URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FetchFailedError('invalidUrl', `only http and https URLs can be fetched, not ${parsed.protocol} (${url})`);
  }
  return parsed;
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (name === 'set-cookie') continue;
    record[name] = value;
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) record['set-cookie'] = cookies.join('\n');
  return record;
}

function noAnswer(error: unknown, url: string, deadline: AbortSignal, timeoutMs: number): Error {
  if (error instanceof FetchFailedError) return error;
  if (deadline.aborted) return new FetchFailedError('timeout', `no answer from ${url} within ${timeoutMs / 1000} s, the deadline of the whole request, redirects included`);
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new FetchFailedError('network', `no answer from ${url} (${reason})`);
}

/** Where a redirect leads, and what the next request is (RFC 9110 15.4: 303, and 301/302 after POST, become GET). */
function redirected(request: ExchangeRequest, answer: ExchangeAnswer): ExchangeRequest | null {
  const location = answer.headers.location;
  if (!REDIRECT_STATUSES.has(answer.status) || location === undefined) return null;
  let next: URL;
  try {
    next = new URL(location, answer.url);
  } catch {
    throw new FetchFailedError('invalidUrl', `${answer.url} redirects to an invalid URL: ${location}`);
  }
  const method = request.method ?? 'GET';
  const becomesGet = answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST');
  const headers = { ...request.headers };
  if (next.origin !== new URL(answer.url).origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return becomesGet
    ? { url: next.href, method: method === 'HEAD' ? 'HEAD' : 'GET', headers, body: null }
    : { ...request, url: next.href, headers };
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const policy = options.addressPolicy ?? (options.allowPrivateNetworks ? anyAddress : publicAddressesOnly);
  const resolveHost = options.resolveHost ?? systemHostResolver;
  const timeoutMs = options.timeoutMs ?? AUDIT_REQUEST_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? AUDIT_MAX_BODY_BYTES;
  const maxRedirects = options.maxRedirects ?? AUDIT_MAX_REDIRECTS;

  /** One request, one DNS lookup, one checked address; `deadline` covers connecting and reading the body. */
  async function exchange(request: ExchangeRequest, target: HopTarget, deadline: AbortSignal): Promise<ExchangeAnswer> {
    const checked = await checkHop(target, policy, resolveHost);
    const agent = pinnedAgent(checked);
    try {
      const response = await fetch(target.url, {
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body ?? null,
        redirect: 'manual',
        dispatcher: agent,
        signal: deadline,
      });
      const body = await readLimitedBody(response.body, maxBodyBytes, target.url.href);
      return { url: target.url.href, status: response.status, headers: headerRecord(response.headers), body };
    } catch (error) {
      throw noAnswer(error, target.url.href, deadline, timeoutMs);
    } finally {
      await agent.destroy();
    }
  }

  /** One deadline for the whole request, redirects included: slow hops never add up past it. */
  async function follow(request: ExchangeRequest): Promise<ExchangeAnswer> {
    const deadline = AbortSignal.timeout(timeoutMs);
    let current = request;
    let redirectedFrom: string | null = null;
    for (let redirects = 0; ; redirects++) {
      const answer = await exchange(current, { url: parseHttpUrl(current.url), redirectedFrom }, deadline);
      const next = redirected(current, answer);
      if (next === null) return answer;
      if (redirects === maxRedirects) {
        throw new FetchFailedError('tooManyRedirects', `more than ${maxRedirects} redirects from ${request.url}`);
      }
      redirectedFrom = answer.url;
      current = next;
    }
  }

  async function get(url: string, headers: Record<string, string>): Promise<HttpAnswer> {
    const answer = await follow({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers } });
    return { ...answer, body: decodeBody(answer.body, answer.headers['content-type']) };
  }

  return { get, follow };
}
