import type { IncomingMessage, ServerResponse } from 'node:http';
import { ARTICLE_PAGE, BARE_PAGE, CHALLENGE_PAGE, SPA_PAGE, SPA_SCRIPT } from './pages.js';
import { send, startFixtureServer, type FixtureServer } from './server.js';

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const html = (body: string): Route => (_request, response) => send(response, 200, 'text/html; charset=utf-8', body);
const text = (status: number, body: string): Route => (_request, response) => send(response, status, 'text/plain', body);

/** A site of fixed routes by path (query ignored); anything else is answered 404. */
function startSite(routes: Record<string, Route>): Promise<FixtureServer> {
  return startFixtureServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    (routes[path] ?? text(404, 'not found'))(request, response);
  });
}

/** Blocks GPTBot in robots.txt, allows OAI-SearchBot, keeps /private/ from everyone else; states content signals. */
export const GPTBOT_BLOCKING_ROBOTS_TXT = [
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'User-agent: OAI-SearchBot',
  'Allow: /',
  '',
  'User-agent: *',
  'Disallow: /private/',
  'Content-Signal: search=yes, ai-input=yes, ai-train=no',
].join('\n');

export const startGptBotBlockingSite = () =>
  startSite({ '/robots.txt': text(200, GPTBOT_BLOCKING_ROBOTS_TXT), '/blog/post': html(ARTICLE_PAGE), '/private/plans': html(BARE_PAGE) });

/** robots.txt answers 500: RFC 9309 reads that as disallowing everything, though every page answers. */
export const startRobotsServerErrorSite = () =>
  startSite({ '/robots.txt': text(500, 'internal error'), '/': html(ARTICLE_PAGE) });

/** Answers 403 to any user agent naming a bot (as WAF rules do); browsers get the page. No robots.txt. */
export const startBotForbiddingSite = () =>
  startFixtureServer((request, response) => {
    if (/bot/i.test(request.headers['user-agent'] ?? '')) return send(response, 403, 'text/html', '<h1>Forbidden</h1>');
    if (request.url === '/robots.txt') return send(response, 404, 'text/plain', 'not found');
    send(response, 200, 'text/html; charset=utf-8', ARTICLE_PAGE);
  });

/**
 * Answers every page with a Cloudflare-style challenge. Status 200 and no cf-mitigated header, so only
 * the markup can give the challenge away.
 */
export const startChallengeSite = () => startSite({ '/robots.txt': text(404, 'not found'), '/': html(CHALLENGE_PAGE) });

/** A single-page app: its text exists only once /app.js has run. */
export const startSinglePageAppSite = () =>
  startSite({
    '/': html(SPA_PAGE),
    '/app.js': (_request, response) => send(response, 200, 'text/javascript', SPA_SCRIPT),
  });

export const startArticleSite = () => startSite({ '/robots.txt': text(200, 'User-agent: *\nAllow: /'), '/': html(ARTICLE_PAGE) });

export const startBareSite = () => startSite({ '/': (_request, response) => send(response, 200, 'text/html', BARE_PAGE) });
