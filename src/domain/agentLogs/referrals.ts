/**
 * Referral visits: requests of people who followed a link in an AI answer. The rules read the line's Referer
 * and query, then its method, status and path; a bot is recognised last, by a maintained list, because it is
 * the one costly check and only candidate lines reach it.
 */
import { isbot } from 'isbot';
import { engineOfUtmSource, REFERRER_HOSTS, verdictOfReferrerHost, type ReferralEngine, type ReferrerVerdict } from '../crawlers/referrers.js';
import type { LogRecord } from './records.js';

const COLON = 58;
const QUESTION = 63;
const HASH = 35;
const AMPERSAND = 38;

/** The catalog's hosts by length: most referrers (the site itself, search) are ruled out by their host's length alone. */
const HOSTS_BY_LENGTH: Array<string[] | undefined> = [];
for (const host of REFERRER_HOSTS) (HOSTS_BY_LENGTH[host.length] ??= []).push(host);

const LOWER_S = 115;

/** Where the host of an absolute URL starts: after `https://` or `http://` (read without a search), else after `://`, or -1. */
function hostStart(referrer: string): number {
  const fifth = referrer.charCodeAt(4);
  if (fifth === LOWER_S && referrer.startsWith('https://')) return 8;
  if (fifth === COLON && referrer.startsWith('http://')) return 7;
  const schemeEnd = referrer.indexOf('://');
  return schemeEnd <= 0 ? -1 : schemeEnd + 3;
}

/**
 * The verdict on the host of an absolute referrer URL (`https://www.perplexity.ai/search?q=…` is Perplexity's), or
 * undefined. This runs for most lines of a log, so the host is compared where it stands in the text, found by
 * native searches (reading a line's text character by character costs three times as much). Browsers send the
 * URL as the URL standard serializes it: the host lowercase and followed by a path, so the host ends at the
 * first `/` (or a `:` before a port) and is compared as written.
 */
export function referrerHostVerdict(referrer: string): ReferrerVerdict | undefined {
  const start = hostStart(referrer);
  if (start === -1) return undefined;
  let end = referrer.indexOf('/', start);
  if (end === -1) end = referrer.length;
  const port = referrer.indexOf(':', start);
  if (port !== -1 && port < end) end = port;
  const candidates = HOSTS_BY_LENGTH[end - start];
  if (candidates === undefined) return undefined;
  for (let index = 0; index < candidates.length; index += 1) {
    const host = candidates[index] as string;
    if (referrer.startsWith(host, start)) return verdictOfReferrerHost(host);
  }
  return undefined;
}

const UTM_SOURCE = 'utm_source=';

/** The decoded `utm_source` of a request target's query, or null when it has none. */
export function utmSource(target: string): string | null {
  const queryStart = target.indexOf('?');
  if (queryStart === -1) return null;
  let at = target.indexOf(UTM_SOURCE, queryStart + 1);
  while (at !== -1 && target.charCodeAt(at - 1) !== QUESTION && target.charCodeAt(at - 1) !== AMPERSAND) at = target.indexOf(UTM_SOURCE, at + 1);
  if (at === -1) return null;
  const start = at + UTM_SOURCE.length;
  let end = start;
  while (end < target.length && target.charCodeAt(end) !== AMPERSAND && target.charCodeAt(end) !== HASH) end += 1;
  const value = target.slice(start, end);
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What sent the request: the referrer host's verdict, else the one its `utm_source` names, else null. */
export function referrerVerdict(record: Pick<LogRecord, 'referrer' | 'path'>): ReferrerVerdict | null {
  if (record.referrer !== '') {
    const verdict = referrerHostVerdict(record.referrer);
    if (verdict !== undefined) return verdict;
  }
  const source = utmSource(record.path);
  return (source !== null && engineOfUtmSource(source)) || null;
}

/** The extensions of pages (everything else with an extension is an asset: `.js`, `.png`, `.xml`, …). */
const PAGE_EXTENSIONS = new Set(['html', 'htm', 'php', 'asp', 'aspx']);

/** Whether a path (without query) names a page: its last segment has no extension, or a page's. */
export function isPagePath(path: string): boolean {
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return true;
  return PAGE_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/** A redirect counts: the person arrived, and the page they land on after it is logged without the referrer. */
export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 400;

/** HTTP methods are case-sensitive, but some log shippers lowercase them. */
export const isGet = (method: string): boolean => method === 'GET' || method.toUpperCase() === 'GET';

/** Logs repeat the same few user agents; the bot list's verdict on each is remembered. */
const MAX_REMEMBERED_USER_AGENTS = 10_000;
const botVerdicts = new Map<string, boolean>();

/** Whether the maintained bot list (`isbot`) names this user agent; an empty one is no person's browser either. */
export function isBotUserAgent(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = userAgent.trim() === '' || isbot(userAgent);
    if (botVerdicts.size >= MAX_REMEMBERED_USER_AGENTS) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/** One request of a person arriving from an AI answer on one of the report's pages. */
export interface ReferralVisit {
  /** When, ISO 8601 in UTC. */
  time: string;
  engine: ReferralEngine;
  /** The page, without query or fragment. */
  path: string;
  /** Who: the client address and user agent as logged, what sessions are told apart by. */
  clientAddress: string;
  userAgent: string;
}
