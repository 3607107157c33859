import type { AgentCategory, AgentEngine } from '../crawlers/catalog.js';
import { matchAgent } from '../crawlers/matchAgent.js';
import { verifyIp, type CompiledRanges, type Verification } from '../crawlers/verify.js';
import type { LogRecord } from './records.js';
import { isBotUserAgent, isGet, isPagePath, isSuccessStatus, referrerVerdict, type ReferralVisit } from './referrals.js';
import { isReportHost, type ReportHosts } from './reportHosts.js';

/** One request of a known AI agent to one of the report's hosts. */
export interface AgentVisit {
  /** UTC day of the request, YYYY-MM-DD. */
  day: string;
  /** The agent's catalog name. */
  agent: string;
  engine: AgentEngine;
  category: AgentCategory;
  /** The page: the request target without query or fragment. */
  path: string;
  verification: Verification;
}

/**
 * Why a parsed line is neither a crawler's visit nor a referral: no AI crawler and no AI referrer, not the
 * report's host, or an AI referrer on a request that does not count (Google's, a bot's, not a GET, an error,
 * not a page).
 */
export type NotAVisitReason = 'not_an_ai_agent' | 'not_a_report_host' | 'unattributable' | 'a_bot' | 'not_a_get' | 'not_a_success' | 'not_a_page';

export type Classification =
  | { kind: 'visit'; visit: AgentVisit }
  | { kind: 'referral'; referral: ReferralVisit }
  | { kind: 'not_a_visit'; reason: NotAVisitReason };

export interface ClassificationContext {
  hosts: ReportHosts;
  /** Stands for the host of formats that log none (`combined`): `--host`, by default the report's `brandDomain`. */
  defaultHost: string;
  ranges: CompiledRanges;
  /** false: crawler visits only, as ingestions begun before referrals were counted must finish. Default true. */
  referrals?: boolean;
}

/** One answer per reason, shared: most lines are not visits, and none of them needs an object of its own. */
const NOT_A_VISIT: { readonly [Reason in NotAVisitReason]: Classification } = {
  not_an_ai_agent: { kind: 'not_a_visit', reason: 'not_an_ai_agent' },
  not_a_report_host: { kind: 'not_a_visit', reason: 'not_a_report_host' },
  unattributable: { kind: 'not_a_visit', reason: 'unattributable' },
  a_bot: { kind: 'not_a_visit', reason: 'a_bot' },
  not_a_get: { kind: 'not_a_visit', reason: 'not_a_get' },
  not_a_success: { kind: 'not_a_visit', reason: 'not_a_success' },
  not_a_page: { kind: 'not_a_visit', reason: 'not_a_page' },
};

/**
 * The page a request target names: an absolute-form target (`http://acme.com/a?b`) gives its path; the query
 * and fragment are dropped so that `/pricing?utm_source=chatgpt.com` counts as `/pricing`.
 */
export function pagePath(target: string): string {
  const schemeEnd = target.indexOf('://');
  const pathStart = schemeEnd > 0 && schemeEnd < target.indexOf('/') + 1 ? target.indexOf('/', schemeEnd + 3) : 0;
  if (pathStart === -1) return '/';
  const query = target.indexOf('?', pathStart);
  const fragment = target.indexOf('#', pathStart);
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment);
  const path = end === -1 ? (pathStart === 0 ? target : target.slice(pathStart)) : target.slice(pathStart, end);
  return path === '' ? '/' : path;
}

const MAX_REMEMBERED_HOSTS = 1_000;

/**
 * Classifies parsed lines for one report. Hosts repeat across a log, so their verdicts are remembered; the
 * agent is checked first because most lines are browsers, which need no host check at all. A line that is no
 * crawler's is a referral candidate only when its referrer or `utm_source` names an AI assistant, which a map
 * lookup tells; the rest of the rules, the bot list last, run for candidates only.
 */
export function createVisitClassifier(context: ClassificationContext): (record: LogRecord) => Classification {
  const hostVerdicts = new Map<string, boolean>();
  const isReportsHost = (host: string): boolean => {
    let verdict = hostVerdicts.get(host);
    if (verdict === undefined) {
      if (hostVerdicts.size >= MAX_REMEMBERED_HOSTS) hostVerdicts.clear();
      verdict = isReportHost(host, context.hosts);
      hostVerdicts.set(host, verdict);
    }
    return verdict;
  };
  const countsReferrals = context.referrals !== false;

  const classifyReferral = (record: LogRecord): Classification => {
    const verdict = referrerVerdict(record);
    if (verdict === null) return NOT_A_VISIT.not_an_ai_agent;
    if (verdict === 'unattributable') return NOT_A_VISIT.unattributable;
    if (!isGet(record.method)) return NOT_A_VISIT.not_a_get;
    if (!isSuccessStatus(record.status)) return NOT_A_VISIT.not_a_success;
    const path = pagePath(record.path);
    if (!isPagePath(path)) return NOT_A_VISIT.not_a_page;
    if (!isReportsHost(record.host ?? context.defaultHost)) return NOT_A_VISIT.not_a_report_host;
    if (isBotUserAgent(record.userAgent)) return NOT_A_VISIT.a_bot;
    return { kind: 'referral', referral: { time: record.time, engine: verdict, path, clientAddress: record.ip, userAgent: record.userAgent } };
  };

  return (record) => {
    const crawler = matchAgent(record.userAgent);
    if (crawler === null) return countsReferrals ? classifyReferral(record) : NOT_A_VISIT.not_an_ai_agent;
    if (!isReportsHost(record.host ?? context.defaultHost)) return NOT_A_VISIT.not_a_report_host;
    return {
      kind: 'visit',
      visit: {
        day: record.time.slice(0, 10),
        agent: crawler.name,
        engine: crawler.engine,
        category: crawler.category,
        path: pagePath(record.path),
        verification: verifyIp(crawler.name, record.ip, context.ranges),
      },
    };
  };
}
