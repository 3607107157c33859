import type { AgentCategory, AgentEngine } from '../crawlers/catalog.js';
import { matchAgent } from '../crawlers/matchAgent.js';
import { verifyIp, type CompiledRanges, type Verification } from '../crawlers/verify.js';
import type { LogRecord } from './records.js';
import { isReportHost, type ReportHosts } from './reportHosts.js';

/** One request of a known AI agent to one of the report's hosts (contract section 4, "Agent visits"). */
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

/** Why a parsed line is not a visit. */
export type NotAVisitReason = 'not_an_ai_agent' | 'not_a_report_host';

export type Classification = { kind: 'visit'; visit: AgentVisit } | { kind: 'not_a_visit'; reason: NotAVisitReason };

export interface ClassificationContext {
  hosts: ReportHosts;
  /** Stands for the host of formats that log none (`combined`): `--host`, by default the report's `brandDomain`. */
  defaultHost: string;
  ranges: CompiledRanges;
}

/**
 * The page a request target names: an absolute-form target (`http://acme.com/a?b`) gives its path; the query
 * and fragment are dropped so that `/pricing?utm_source=chatgpt.com` counts as `/pricing`.
 */
export function pagePath(target: string): string {
  const schemeEnd = target.indexOf('://');
  const pathStart = schemeEnd > 0 && schemeEnd < target.indexOf('/') + 1 ? target.indexOf('/', schemeEnd + 3) : 0;
  if (pathStart === -1) return '/';
  const end = target.search(/[?#]/);
  const path = target.slice(pathStart, end === -1 ? undefined : end);
  return path === '' ? '/' : path;
}

const MAX_REMEMBERED_HOSTS = 1_000;

/**
 * Classifies parsed lines for one report. Hosts repeat across a log, so their verdicts are remembered; the
 * agent is checked first because most lines are browsers, which need no host check at all.
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
  return (record) => {
    const crawler = matchAgent(record.userAgent);
    if (crawler === null) return { kind: 'not_a_visit', reason: 'not_an_ai_agent' };
    if (!isReportsHost(record.host ?? context.defaultHost)) return { kind: 'not_a_visit', reason: 'not_a_report_host' };
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
