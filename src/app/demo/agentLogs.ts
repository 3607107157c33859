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

const line = (ip: string, day: string, minute: number, path: string, userAgent: string): string =>
  `${ip} - - [${apacheTime(day, minute)}] "GET ${path} HTTP/1.1" 200 5120 "-" "${userAgent}"`;

/** One day of the demo site's log: every agent's visits (a little busier each week), two browsers and a broken line. */
function dayLines(day: string, dayIndex: number): string[] {
  const lines: string[] = [];
  DEMO_AGENTS.forEach((agent, agentIndex) => {
    const visits = agent.perDay + ((dayIndex + agentIndex) % 3) + Math.floor(dayIndex / 7) * Math.min(agent.perDay, 1);
    for (let visit = 0; visit < visits; visit += 1) {
      const path = DEMO_PAGES[(dayIndex * 3 + agentIndex * 5 + visit * 7) % DEMO_PAGES.length] ?? '/';
      lines.push(line(agent.ip, day, (agentIndex * 97 + visit * 41) % 1440, path, `Mozilla/5.0 (compatible; ${agent.token})`));
    }
  });
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
