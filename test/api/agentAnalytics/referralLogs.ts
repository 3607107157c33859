/**
 * Hand-counted access logs of acme.com with visits from AI answers, each line commented with what it must
 * count as. The days are 2026-11-01 (combined) and 2026-11-02 (json): the window of the known answers, whose
 * runs cite https://acme.com/pricing (runs r1, r3 and r7 in it, r8 the day before).
 */
import { USER_AGENTS } from './logs.js';

const FIREFOX = USER_AGENTS.firefox;
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const AHREFS = 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)';

/** A combined line of 2026-11-01 at `clock` (UTC). */
const combined = (ip: string, clock: string, request: string, status: number, referrer: string, userAgent: string = FIREFOX): string =>
  `${ip} - - [01/Nov/2026:${clock} +0000] "${request} HTTP/1.1" ${status} 512 "${referrer}" "${userAgent}"`;

/** The clients: one address and user agent each. */
const A = '198.51.100.1';
const C = '198.51.100.3';
const D = '198.51.100.4';

/**
 * 2026-11-01, `combined`. 27 lines, 1 skipped, 1 crawler visit; 15 referral visits in 14 sessions: client A has
 * two (09:00 and 09:10 are one, 09:50 is 40 minutes later), every other client one.
 */
export const REFERRAL_COMBINED_LOG = [
  // ChatGPT, client A: session 1 lands on /pricing
  combined(A, '09:00:00', 'GET /pricing', 200, 'https://chatgpt.com/'),
  // client A 10 minutes later: the same session, a second visit
  combined(A, '09:10:00', 'GET /features', 200, 'https://chatgpt.com/c/6740a1b2'),
  // client A 40 minutes after that: a new session, landing on /blog/crm-guide
  combined(A, '09:50:00', 'GET /blog/crm-guide', 200, 'https://chatgpt.com/'),
  // chat.openai.com, ChatGPT's former host; Safari on another address
  combined('198.51.100.2', '10:00:00', 'GET /pricing', 200, 'https://chat.openai.com/', SAFARI),
  // Perplexity, a search page as the referrer
  combined(C, '10:05:00', 'GET /pricing', 200, 'https://www.perplexity.ai/search?q=best+crm'),
  // perplexity.ai without www., a page ending in .html
  combined(D, '10:10:00', 'GET /docs/start.html', 200, 'https://perplexity.ai/'),
  // Gemini, the home page
  combined('198.51.100.5', '10:15:00', 'GET /', 200, 'https://gemini.google.com/'),
  // Copilot, answered with a redirect: a 3xx counts
  combined('198.51.100.6', '10:20:00', 'GET /features', 301, 'https://copilot.microsoft.com/'),
  // Claude, a .php page
  combined('198.51.100.7', '10:25:00', 'GET /about.php', 200, 'https://claude.ai/'),
  // DeepSeek
  combined('198.51.100.8', '10:30:00', 'GET /pricing', 200, 'https://chat.deepseek.com/'),
  // Meta AI
  combined('198.51.100.9', '10:35:00', 'GET /pricing', 200, 'https://www.meta.ai/'),
  // You.com and Phind count as other
  combined('198.51.100.10', '10:40:00', 'GET /compare', 200, 'https://you.com/search?q=crm'),
  combined('198.51.100.11', '10:45:00', 'GET /compare', 200, 'https://phind.com/'),
  // no referrer, ChatGPT's utm_source: ChatGPT, page /pricing
  combined('198.51.100.12', '10:50:00', 'GET /pricing?utm_source=chatgpt.com', 200, '-'),
  // no referrer, utm_source=perplexity after another parameter: Perplexity, page /features
  combined('198.51.100.13', '10:55:00', 'GET /features?ref=answer&utm_source=perplexity', 200, '-'),
  // not counted: a bot of the maintained list, with ChatGPT's referrer
  combined('198.51.100.14', '11:00:00', 'GET /pricing', 200, 'https://chatgpt.com/', AHREFS),
  // not a referral: an AI crawler with ChatGPT's referrer is a crawler visit (ChatGPT-User, verified)
  combined('52.255.111.85', '11:05:00', 'GET /pricing', 200, 'https://chatgpt.com/', USER_AGENTS.chatgptUser),
  // not counted: a POST, a 404 and two assets, all from ChatGPT
  combined('198.51.100.15', '11:10:00', 'POST /pricing', 200, 'https://chatgpt.com/'),
  combined('198.51.100.15', '11:11:00', 'GET /old-page', 404, 'https://chatgpt.com/'),
  combined('198.51.100.15', '11:12:00', 'GET /static/app.js', 200, 'https://chatgpt.com/'),
  combined('198.51.100.15', '11:13:00', 'GET /images/logo.png?v=3', 200, 'https://chatgpt.com/'),
  // not counted: Google (AI Overviews and AI Mode refer as google.com, like search)
  combined('198.51.100.16', '11:20:00', 'GET /pricing', 200, 'https://www.google.com/'),
  // not counted: a link from elsewhere, a subdomain of an assistant that is not listed, and no referrer at all
  combined('198.51.100.17', '11:25:00', 'GET /pricing', 200, 'https://news.ycombinator.com/'),
  combined('198.51.100.18', '11:26:00', 'GET /pricing', 200, 'https://help.chatgpt.com.evil.example/'),
  combined('198.51.100.19', '11:30:00', 'GET /pricing', 200, '-'),
  // a HEAD from ChatGPT: not a GET
  combined('198.51.100.20', '11:31:00', 'HEAD /pricing', 200, 'https://chatgpt.com/'),
  // not a log line: skipped
  'a line cut short by a restart',
].join('\n');

/**
 * The same day's log from a second server, uploaded after the first: 2 referral visits, 0 new sessions. Client
 * A 20 minutes after its 09:50 visit continues that session; client C 25 minutes after its 10:05 visit too.
 */
export const REFERRAL_COMBINED_CONTINUED = [
  combined(A, '10:10:00', 'GET /pricing', 200, 'https://chatgpt.com/'),
  combined(C, '10:30:00', 'GET /features', 200, 'https://www.perplexity.ai/'),
].join('\n');

/**
 * An older log of the same day, uploaded last: 2 referral visits, one session fewer. Client A at 09:30 is
 * within 30 minutes of both its sessions (09:10 and 09:50), which become one landing on /pricing; client D,
 * 15 minutes before its Perplexity visit, arrived from Claude on /about.php, which is now its landing page.
 */
export const REFERRAL_COMBINED_EARLIER = [
  combined(A, '09:30:00', 'GET /features', 200, 'https://chatgpt.com/'),
  combined(D, '09:55:00', 'GET /about.php', 200, 'https://claude.ai/'),
].join('\n');

const json = (value: unknown): string => JSON.stringify(value);
const at = (clock: string): string => `2026-11-02T${clock}Z`;
const ms = (clock: string): number => Date.parse(at(clock));

/**
 * 2026-11-02, `json` in Cloudflare's, Vercel's and the generic shape. 13 lines, 1 skipped, 1 crawler visit;
 * 5 referral visits in 5 sessions (client X's two visits are 40 minutes apart).
 */
export const REFERRAL_JSON_LOG = [
  // Cloudflare, ChatGPT's referrer: client X lands on /pricing
  json({ ClientRequestHost: 'acme.com', ClientRequestUserAgent: FIREFOX, ClientIP: '203.0.113.50', EdgeStartTimestamp: at('08:00:00'), ClientRequestURI: '/pricing', EdgeResponseStatus: 200, ClientRequestReferer: 'https://chatgpt.com/', ClientRequestMethod: 'GET' }),
  // Cloudflare, client X 40 minutes later from Perplexity: a second session, landing on /features
  json({ ClientRequestHost: 'acme.com', ClientRequestUserAgent: FIREFOX, ClientIP: '203.0.113.50', EdgeStartTimestamp: at('08:40:00'), ClientRequestURI: '/features', EdgeResponseStatus: 200, ClientRequestReferer: 'https://www.perplexity.ai/', ClientRequestMethod: 'GET' }),
  // Vercel, Claude, on www.acme.com: page /pricing/ (as logged, with its slash)
  json({ timestamp: ms('09:00:00'), proxy: { host: 'www.acme.com', userAgent: [SAFARI], clientIp: '203.0.113.51', path: '/pricing/', statusCode: 200, referer: 'https://claude.ai/', method: 'GET' } }),
  // generic without a method (a GET), Gemini, the home page
  json({ host: 'acme.com', userAgent: FIREFOX, ip: '203.0.113.52', time: at('09:05:00'), path: '/', status: 200, referer: 'https://gemini.google.com/' }),
  // generic, no referrer, ChatGPT's utm_source
  json({ host: 'acme.com', userAgent: FIREFOX, ip: '203.0.113.53', time: at('09:10:00'), path: '/blog/crm-guide?utm_source=chatgpt.com', status: 200 }),
  // not counted: another host
  json({ host: 'globex.com', userAgent: FIREFOX, ip: '203.0.113.54', time: at('09:15:00'), path: '/pricing', status: 200, referer: 'https://chatgpt.com/' }),
  // not counted: a POST (Vercel)
  json({ timestamp: ms('09:20:00'), proxy: { host: 'acme.com', userAgent: FIREFOX, clientIp: '203.0.113.55', path: '/signup', statusCode: 200, referer: 'https://chatgpt.com/', method: 'POST' } }),
  // not counted: a 404 (Cloudflare)
  json({ ClientRequestHost: 'acme.com', ClientRequestUserAgent: FIREFOX, ClientIP: '203.0.113.56', EdgeStartTimestamp: at('09:25:00'), ClientRequestURI: '/gone', EdgeResponseStatus: 404, ClientRequestReferer: 'https://chatgpt.com/' }),
  // not counted: an asset
  json({ host: 'acme.com', userAgent: FIREFOX, ip: '203.0.113.57', time: at('09:30:00'), path: '/assets/app.css', status: 200, referer: 'https://chatgpt.com/' }),
  // not counted: a bot of the maintained list
  json({ host: 'acme.com', userAgent: 'python-requests/2.32.3', ip: '203.0.113.58', time: at('09:35:00'), path: '/pricing', status: 200, referer: 'https://chatgpt.com/' }),
  // not counted: Google (Vercel)
  json({ timestamp: ms('09:40:00'), proxy: { host: 'acme.com', userAgent: FIREFOX, clientIp: '203.0.113.59', path: '/pricing', statusCode: 200, referer: 'https://www.google.com/', method: 'GET' } }),
  // not a referral: PerplexityBot with Perplexity's referrer is a crawler visit (verified)
  json({ ClientRequestHost: 'acme.com', ClientRequestUserAgent: USER_AGENTS.perplexitybot, ClientIP: '107.20.236.150', EdgeStartTimestamp: at('09:45:00'), ClientRequestURI: '/pricing', EdgeResponseStatus: 200, ClientRequestReferer: 'https://www.perplexity.ai/' }),
  // not JSON: skipped
  '{"host": "acme.com", "referer": ',
].join('\n');
