/**
 * Log ingestion rate on one core (the aim is more than 500,000 lines parsed and classified per second): a
 * realistic `combined` access log (1 GB; `GEOLENS_BENCH_SCALE=0.01` makes it 10 MB) is generated in a temp dir,
 * then streamed through the reader, the parser and the classifier, crawler visits and AI referrals in one pass.
 * Beside it, measured in the same run: the same ingestion with the referral classification off (the aim is
 * at least 0.9 of it), and a floor: reading the same file, splitting it into lines and one regular expression
 * pass per line. Each ingestion runs four times, alternating which goes first, and its fastest run counts (the machine is shared); the CPU seconds of
 * each kind's least costly run give a second ratio, less moved by other processes.
 * Runnable alone: `node --import tsx bench/logIngest.ts`.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { pathToFileURL } from 'node:url';
import { reportHosts } from '../src/domain/agentLogs/reportHosts.js';
import { SNAPSHOT_RANGES } from '../src/domain/crawlers/ranges.js';
import { compileRanges } from '../src/domain/crawlers/verify.js';
import { ingestLog } from '../src/infra/logs/ingestLog.js';

const FULL_SIZE_BYTES = 1 << 30;
const WRITE_BATCH_LINES = 2_000;
/** Each ingestion runs this many times, alternating with the other, and its fastest run counts. */
const ROUNDS = 4;

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];
const OTHER_BOTS = [
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Googlebot-Image/1.0',
  'curl/8.5.0',
];
/** AI agents with an address inside their operator's ranges and one outside (a spoofer). */
const AI_AGENTS: [userAgent: string, ownAddress: string][] = [
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot', '74.7.241.17'],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', '52.255.111.85'],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', '34.162.10.4'],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', '107.20.236.150'],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '66.249.66.12'],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36', '157.55.39.200'],
];
/** Where browsers come from: mostly the site itself, search or nowhere; a few from AI answers (some of them bots). */
const REFERRERS = [
  'https://acme.com/', 'https://acme.com/pricing', '-', 'https://www.google.com/', '-', 'https://acme.com/blog/best-crm-for-startups',
  'https://www.bing.com/', '-', 'https://acme.com/', 'https://news.ycombinator.com/',
];
const AI_REFERRERS = ['https://chatgpt.com/', 'https://www.perplexity.ai/', 'https://gemini.google.com/', 'https://copilot.microsoft.com/', 'https://claude.ai/'];
const PATHS = ['/', '/pricing', '/features', '/blog/best-crm-for-startups', '/docs/getting-started', '/about', '/contact', '/blog/crm-vs-spreadsheet?ref=nav', '/static/app.js', '/favicon.ico'];
/** A page as ChatGPT links it: what a visit without a referrer but with `utm_source` looks like. */
const TAGGED_PATH = '/blog/crm-vs-spreadsheet?utm_source=chatgpt.com';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;
const two = (value: number): string => String(value).padStart(2, '0');

function apacheTime(ms: number): string {
  const date = new Date(ms);
  return `${two(date.getUTCDate())}/${pick(MONTHS, date.getUTCMonth())}/${date.getUTCFullYear()}:${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

/** The Referer of a line: one line in 100 comes from an AI answer (a tenth of them from bots). */
const referrerOf = (index: number): string => (index % 100 === 3 ? pick(AI_REFERRERS, index >> 7) : pick(REFERRERS, index >> 1));

/**
 * One deterministic line: 80 % browsers, 8 % other bots, 12 % AI agents (a quarter of them spoofed), 0.1 %
 * garbage; 1 % of the lines refer from an AI answer, 0.5 % carry ChatGPT's utm_source, 1 % are POSTs.
 */
function logLine(index: number, time: string): string {
  if (index % 1000 === 999) return `\\x16\\x03\\x01 garbage ${index}`;
  const bucket = index % 100;
  const path = index % 200 === 7 ? TAGGED_PATH : pick(PATHS, index * 7 + (index >> 5));
  let userAgent = pick(BROWSERS, index);
  let address = `203.0.${(index >> 8) & 255}.${index & 255}`;
  if (bucket >= 80 && bucket < 88) userAgent = pick(OTHER_BOTS, index);
  if (bucket >= 88) {
    const [agent, own] = pick(AI_AGENTS, index >> 2);
    userAgent = agent;
    if (index % 4 !== 0) address = own;
  }
  const status = path === '/contact' ? 404 : 200;
  const method = index % 97 === 5 ? 'POST' : 'GET';
  return `${address} - - [${time}] "${method} ${path} HTTP/1.1" ${status} ${1000 + (index % 9000)} "${bucket >= 88 ? '-' : referrerOf(index)}" "${userAgent}"`;
}

async function writeLog(path: string, targetBytes: number): Promise<number> {
  const out = createWriteStream(path);
  const start = Date.UTC(2026, 9, 1);
  let written = 0;
  let index = 0;
  while (written < targetBytes) {
    const lines: string[] = [];
    for (let count = 0; count < WRITE_BATCH_LINES; count += 1, index += 1) lines.push(logLine(index, apacheTime(start + index * 37)));
    const text = `${lines.join('\n')}\n`;
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return index;
}

/** The floor: the same file read, decoded and split into lines, one regular expression run per line. */
async function floorLinesPerSecond(path: string): Promise<{ lines: number; seconds: number }> {
  const statusPattern = /" (\d{3}) /;
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let lines = 0;
  let matched = 0;
  const started = performance.now();
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const parts = (pending + decoder.write(chunk as Buffer)).split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      lines += 1;
      if (statusPattern.test(line)) matched += 1;
    }
  }
  if (matched === 0) throw new Error('the floor regex matched nothing');
  return { lines, seconds: (performance.now() - started) / 1000 };
}

/** One ingestion of the file, timed: with the referral classification or without it. Only its figures are kept. */
async function timedIngestion(path: string, referrals: boolean) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await ingestLog(path, {
    format: 'combined',
    hosts: reportHosts({ brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false }),
    defaultHost: 'acme.com',
    ranges: compileRanges(SNAPSHOT_RANGES),
    referrals,
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, lines: result.lines, visits: result.visits, skipped: result.skipped, referralVisits: result.referrals.visits, sessions: result.referrals.sessions.length };
}

type TimedIngestion = Awaited<ReturnType<typeof timedIngestion>>;

/** Each kind of ingestion ROUNDS times, alternating which goes first, keeping each kind's fastest run. */
async function fastestRuns(path: string) {
  const runs = { with: [] as TimedIngestion[], without: [] as TimedIngestion[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const referrals of round % 2 === 0 ? [false, true] : [true, false]) (referrals ? runs.with : runs.without).push(await timedIngestion(path, referrals));
  }
  const fastest = (list: TimedIngestion[]) => list.reduce((best, run) => (run.seconds < best.seconds ? run : best));
  const leastCpu = (list: TimedIngestion[]) => Math.min(...list.map((run) => run.cpuSeconds));
  return { withReferrals: fastest(runs.with), withoutReferrals: fastest(runs.without), cpuRatio: leastCpu(runs.without) / leastCpu(runs.with) };
}

export async function benchLogIngest(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  const dir = await mkdtemp(join(tmpdir(), 'geolens-bench-logs-'));
  try {
    const path = join(dir, 'access.log');
    const generated = await writeLog(path, Math.max(1 << 20, Math.round(FULL_SIZE_BYTES * scale)));
    const { size } = await stat(path);
    const floor = await floorLinesPerSecond(path);
    const { withReferrals: result, withoutReferrals, cpuRatio } = await fastestRuns(path);
    if (result.lines !== generated || floor.lines !== generated) throw new Error(`expected ${generated} lines, read ${result.lines} and ${floor.lines}`);
    if (withoutReferrals.visits !== result.visits) throw new Error('the referral classification changed the crawler visits');
    const ingestRate = result.lines / result.seconds;
    const withoutRate = withoutReferrals.lines / withoutReferrals.seconds;
    const floorRate = floor.lines / floor.seconds;
    return {
      logMegabytes: size / 1e6,
      logLines: result.lines,
      logVisits: result.visits,
      logReferralVisits: result.referralVisits,
      logReferralSessions: result.sessions,
      logSkipped: result.skipped,
      logIngestLinesPerSecond: Math.round(ingestRate),
      logIngestWithoutReferralsLinesPerSecond: Math.round(withoutRate),
      logReferralsToWithoutRatio: ingestRate / withoutRate,
      logReferralsToWithoutCpuRatio: cpuRatio,
      logFloorLinesPerSecond: Math.round(floorRate),
      logIngestToFloorRatio: ingestRate / floorRate,
      logPeakRssMegabytes: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchLogIngest();
  for (const [figure, value] of Object.entries(figures)) {
    process.stdout.write(`  ${figure.padEnd(32)} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 }).padStart(16)}\n`);
  }
}
