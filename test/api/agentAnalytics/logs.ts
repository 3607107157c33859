/**
 * Hand-written access logs of acme.com (variation acme.io) in every format, each line commented with what it
 * must count as. The API clock stands at 2026-11-15, so these days fall in the default window.
 */
import type { TestApi, Answer } from '../support/testApi.js';

export const USER_AGENTS = {
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot',
  chatgptUser: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  claudebot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  perplexitybot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  bingbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
} as const;

/** In OpenAI's published GPTBot ranges. */
export const GPTBOT_IP = '74.7.241.17';
/** Outside every operator's ranges: a GPTBot user agent from here is spoofed. */
export const OUTSIDE_IP = '203.0.113.9';

const ua = USER_AGENTS;

/** `combined`: no host in the lines; the report's brandDomain stands for it. 6 lines, 3 visits, 1 skipped. */
export const COMBINED_LOG = [
  // GPTBot from OpenAI's ranges: verified, 2026-11-10, /pricing
  `${GPTBOT_IP} - - [10/Nov/2026:13:55:36 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "${ua.gptbot}"`,
  // GPTBot's user agent from outside OpenAI's ranges: spoofed, still a visit; the query is not part of the page
  `${OUTSIDE_IP} - - [10/Nov/2026:13:56:00 +0000] "GET /pricing?utm_source=chatgpt.com HTTP/1.1" 200 512 "-" "${ua.gptbot}"`,
  // a look-alike user agent: not a crawler
  '198.51.100.7 - - [10/Nov/2026:14:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; NotGPTBot/1.0)"',
  // a browser
  `198.51.100.8 - - [10/Nov/2026:14:01:00 +0000] "GET / HTTP/1.1" 200 512 "https://www.google.com/" "${ua.firefox}"`,
  // ClaudeBot (Anthropic publishes no ranges: unverifiable) at 00:30 +0100, which is 2026-11-10 in UTC
  `34.162.10.4 - - [11/Nov/2026:00:30:00 +0100] "GET /blog/post HTTP/1.1" 200 2048 "-" "${ua.claudebot}"`,
  // not a log line: skipped
  'this is not a log line',
].join('\n');

/** `vhost_combined`: `host:port` first. 5 lines, 2 visits, 1 skipped. */
export const VHOST_LOG = [
  // www. and a port are not part of the host: GPTBot verified, 2026-11-11, /features
  `www.acme.com:443 ${GPTBOT_IP} - - [11/Nov/2026:08:00:00 +0000] "GET /features HTTP/1.1" 200 100 "-" "${ua.gptbot}"`,
  // the report's domain variation: ChatGPT-User verified, 2026-11-11, /pricing
  `acme.io:80 52.255.111.85 - - [11/Nov/2026:08:05:00 +0000] "GET /pricing HTTP/1.1" 200 100 "-" "${ua.chatgptUser}"`,
  // a host that is not the report's
  `globex.com:443 ${GPTBOT_IP} - - [11/Nov/2026:08:10:00 +0000] "GET /pricing HTTP/1.1" 200 100 "-" "${ua.gptbot}"`,
  // a subdomain, and brandDomainWildcard is off
  `shop.acme.com:443 ${GPTBOT_IP} - - [11/Nov/2026:08:12:00 +0000] "GET /cart HTTP/1.1" 200 100 "-" "${ua.gptbot}"`,
  // a combined line in a vhost_combined log: skipped
  `${GPTBOT_IP} - - [11/Nov/2026:08:15:00 +0000] "GET / HTTP/1.1" 200 100 "-" "${ua.gptbot}"`,
].join('\n');

const json = (value: unknown): string => JSON.stringify(value);

/** `json`, one object per line, in Cloudflare's, Vercel's and the generic shape. 8 lines, 4 visits, 2 skipped. */
export const JSON_LOG = [
  // Cloudflare Logpush, RFC 3339 time: PerplexityBot verified, 2026-11-12, /pricing
  json({ ClientRequestHost: 'acme.com', ClientRequestUserAgent: ua.perplexitybot, ClientIP: '107.20.236.150', EdgeStartTimestamp: '2026-11-12T08:00:00Z', ClientRequestURI: '/pricing?ref=perplexity', EdgeResponseStatus: 200 }),
  // Cloudflare, Unix nanoseconds (2026-11-12T07:00Z), host in capitals with a port: GPTBot spoofed, /docs
  json({ ClientRequestHost: 'ACME.com:8443', ClientRequestUserAgent: ua.gptbot, ClientIP: OUTSIDE_IP, EdgeStartTimestamp: 1794466800000000000, ClientRequestURI: '/docs', EdgeResponseStatus: 200 }),
  // Vercel log drain, the user agent as an array: bingbot verified, 2026-11-12T09:00Z, /docs
  json({ timestamp: 1794474000000, proxy: { host: 'www.acme.com', userAgent: [ua.bingbot], clientIp: '157.55.39.200', path: '/docs', statusCode: 200 } }),
  // generic, a time with an offset (08:00Z): Googlebot verified, 2026-11-12, /
  json({ host: 'acme.com', userAgent: ua.googlebot, ip: '66.249.66.12', time: '2026-11-12T10:00:00+02:00', path: '/', status: 301 }),
  // a host that is not the report's
  json({ host: 'globex.com', userAgent: ua.googlebot, ip: '66.249.66.12', time: '2026-11-12T10:00:00Z', path: '/', status: 200 }),
  // a look-alike user agent
  json({ host: 'acme.com', userAgent: 'Mozilla/5.0 (compatible; gptbot-checker/2.0)', ip: '198.51.100.9', time: '2026-11-12T10:00:00Z', path: '/', status: 200 }),
  // not JSON: skipped
  '{"host": "acme.com", "userAgent": ',
  // a line without the fields a visit needs: skipped
  json({ host: 'acme.com', userAgent: ua.gptbot }),
].join('\n');

export interface UploadOptions {
  key: string;
  query?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** POSTs a log (text or bytes) to the upload endpoint, as a client would. */
export async function uploadLog(api: TestApi, reportId: string, body: string | Buffer, options: UploadOptions): Promise<Answer> {
  const response = await fetch(`${api.url}/v1/reports/brand/${reportId}/agent-analytics/logs${options.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.key}`, 'content-type': options.contentType ?? 'text/plain', ...options.headers },
    body,
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return { status: response.status, body: isJson ? JSON.parse(text) : text, headers: response.headers };
}
