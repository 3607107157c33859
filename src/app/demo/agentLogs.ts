import { Readable } from 'node:stream';
import { addDays, daysBetween } from '../../domain/shared/days.js';
import { ingestLog } from '../../infra/logs/index.js';
import type { AgentLogSource } from '../agentAnalytics/logSource.js';

/** The demo's crawlers: where each one comes from (inside its operator's published ranges or not) and how busy it is. */
const DEMO_AGENTS = [
  { token: 'GPTBot/1.3; +https://openai.com/gptbot', ip: '74.7.241.17', perDay: 5 },
  { token: 'GPTBot/1.3; +https://openai.com/gptbot', ip: '203.0.113.9', perDay: 1 },
  { token: 'OAI-SearchBot/1.3; +https://openai.com/searchbot', ip: '135.234.64.10', perDay: 3 },
  { token: 'ChatGPT-User/1.0; +https://openai.com/bot', ip: '104.210.139.200', perDay: 4 },
  { token: 'ClaudeBot/1.0; +claudebot@anthropic.com', ip: '34.162.10.4', perDay: 3 },
  { token: 'PerplexityBot/1.0; +https://perplexity.ai/perplexitybot', ip: '107.20.236.150', perDay: 2 },
  { token: 'Perplexity-User/1.0; +https://perplexity.ai/perplexity-user', ip: '44.208.221.197', perDay: 1 },
  { token: 'Googlebot/2.1; +http://www.google.com/bot.html', ip: '2001:4860:4801:10::1', perDay: 4 },
  { token: 'bingbot/2.0; +http://www.bing.com/bingbot.htm', ip: '157.55.39.20', perDay: 2 },
  { token: 'CCBot/2.0 (https://commoncrawl.org/faq/)', ip: '3.41.188.33', perDay: 1 },
] as const;

const DEMO_PAGES = ['/', '/pricing', '/features', '/integrations/gmail', '/blog/crm-for-startups', '/blog/email-automation', '/compare/hubspot', '/docs/api'];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `10/Nov/2026:13:05:00 +0000`, the time of a combined log line. */
function apacheTime(day: string, minute: number): string {
  const [year, month, date] = day.split('-');
  const clock = `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
  return `${date}/${MONTHS[Number(month) - 1]}/${year}:${clock} +0000`;
}

const line = (ip: string, day: string, minute: number, path: string, userAgent: string, referrer = '-'): string =>
  `${ip} - - [${apacheTime(day, minute)}] "GET ${path} HTTP/1.1" 200 5120 "${referrer}" "${userAgent}"`;

/** Browsers of the people who arrive from AI answers. */
const PEOPLE_BROWSERS = [
  BROWSER,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];

/**
 * Where the people come from, by share of 100 (ChatGPT well ahead, then Perplexity, Gemini, Copilot, Claude):
 * the Referer their browser sends. One ChatGPT visit in four arrives with no referrer, only its utm_source.
 */
const AI_SOURCES: ReadonlyArray<{ referrer: string; share: number }> = [
  { referrer: 'https://chatgpt.com/', share: 55 },
  { referrer: 'https://www.perplexity.ai/', share: 18 },
  { referrer: 'https://gemini.google.com/', share: 10 },
  { referrer: 'https://copilot.microsoft.com/', share: 8 },
  { referrer: 'https://claude.ai/', share: 5 },
  { referrer: 'https://chat.deepseek.com/', share: 2 },
  { referrer: 'https://www.meta.ai/', share: 1 },
  { referrer: 'https://you.com/', share: 1 },
];

function sourceOf(slot: number): string {
  let remaining = slot % 100;
  for (const { referrer, share } of AI_SOURCES) {
    if (remaining < share) return referrer;
    remaining -= share;
  }
  return AI_SOURCES[0]?.referrer ?? '';
}

/** Where people land: answers link the pricing, home and features pages most, the others now and then. */
const LANDINGS = ['/pricing', '/pricing', '/pricing', '/', '/', '/features', '/features', '/compare/hubspot', '/blog/crm-for-startups', '/integrations/gmail', '/blog/email-automation', '/docs/api'];

/**
 * One day of people arriving from AI answers (a few more each week): each lands on a page, and one in three
 * follows a second link of the same answer four minutes later (the same session). Beside them, what must not
 * count: visits from Google (its AI answers refer as search does), bots with an AI referrer, and an asset.
 */
function referralLines(day: string, dayIndex: number): string[] {
  const lines: string[] = [];
  const people = 10 + Math.floor(dayIndex / 3);
  for (let person = 0; person < people; person += 1) {
    const referrer = sourceOf(person * 37 + dayIndex * 11);
    const utmOnly = referrer === 'https://chatgpt.com/' && (person + dayIndex) % 4 === 0;
    const ip = `192.0.2.${((dayIndex * 17 + person * 5) % 250) + 1}`;
    const browser = PEOPLE_BROWSERS[(person + dayIndex) % PEOPLE_BROWSERS.length] ?? BROWSER;
    const minute = (person * 53 + dayIndex * 7) % 1380;
    const landing = LANDINGS[(person * 5 + dayIndex) % LANDINGS.length] ?? '/';
    lines.push(utmOnly ? line(ip, day, minute, `${landing}?utm_source=chatgpt.com`, browser) : line(ip, day, minute, landing, browser, referrer));
    if (person % 3 === 1) lines.push(line(ip, day, minute + 4, DEMO_PAGES[(person * 3 + 1) % DEMO_PAGES.length] ?? '/', browser, referrer));
  }
  lines.push(
    line('198.51.100.20', day, 500, '/pricing', BROWSER, 'https://www.google.com/'),
    line('198.51.100.21', day, 900, '/', BROWSER, 'https://www.google.com/'),
    line('198.51.100.30', day, 610, '/pricing', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 'https://chatgpt.com/'),
    line('198.51.100.31', day, 615, '/features', 'python-requests/2.32.3', 'https://www.perplexity.ai/'),
    line('192.0.2.251', day, 700, '/favicon.ico', BROWSER, 'https://chatgpt.com/'),
  );
  return lines;
}

/**
 * One day of the demo site's log: every agent's visits (a little busier each week), people arriving from AI
 * answers, two other browsers and a broken line.
 */
function dayLines(day: string, dayIndex: number): string[] {
  const lines: string[] = [];
  DEMO_AGENTS.forEach((agent, agentIndex) => {
    const visits = agent.perDay + ((dayIndex + agentIndex) % 3) + Math.floor(dayIndex / 7) * Math.min(agent.perDay, 1);
    for (let visit = 0; visit < visits; visit += 1) {
      const path = DEMO_PAGES[(dayIndex * 3 + agentIndex * 5 + visit * 7) % DEMO_PAGES.length] ?? '/';
      lines.push(line(agent.ip, day, (agentIndex * 97 + visit * 41) % 1440, path, `Mozilla/5.0 (compatible; ${agent.token})`));
    }
  });
  lines.push(...referralLines(day, dayIndex));
  lines.push(line('198.51.100.8', day, 600, '/', BROWSER), line('198.51.100.9', day, 720, '/pricing', BROWSER), 'a line cut short by a restart');
  return lines;
}

/** A combined access log of the demo brand's site over the `days` days ending `today`. */
export function demoAccessLog(today: string, days: number): string {
  return daysBetween(addDays(today, 1 - days), today)
    .flatMap((day, index) => dayLines(day, index))
    .join('\n');
}

/** A log held in memory, read as an upload's body is. */
export function textLogSource(text: string): AgentLogSource {
  return { classify: (format, context) => ingestLog(Readable.from([Buffer.from(text)]), { format, ...context }) };
}
