import type { DomainEvent } from '../shared/decider.js';
import type { DynamicContent } from './dynamicContent.js';
import type { ContentAnalysis } from './contentAnalysis/contentAnalysis.js';
import type { RobotsTxtAnalysis } from './robotsTxt.js';
import type { StructuralAnalysis } from './structure/structuralAnalysis.js';

/**
 * GEO audit checks as events. A check is requested in the team's GEO audit
 * allocation (allocation.ts), which counts it; its outcome is recorded in a stream of its own, once: the
 * outcome is decided against that stream, so a second worker finishing the same check is refused.
 */

export type CheckKind = 'crawlability' | 'content';

export const checkStream = (kind: CheckKind, checkId: string): string => `${kind}Check-${checkId}`;

/** What every request of a GEO audit carries: who asked, where, when, and the billing period it counts in. */
export interface AuditRequestFacts {
  teamId: string;
  workspaceId: string;
  /** First day (YYYY-MM-DD) of the billing period the request counts toward. */
  periodStart: string;
  createdDate: string;
}

export interface CrawlabilityCheckRequest extends AuditRequestFacts {
  checkId: string;
  url: string;
  /** The URL's host, lowercase, without `www.`. */
  domain: string;
}

export interface ContentCheckRequest extends AuditRequestFacts {
  checkId: string;
  url: string;
  /** The crawler whose user agent fetches the page, as the request named it. */
  crawlerIdentity: string;
  sendServiceHeader: boolean;
}

/** How the server answered one crawler's user agent. */
export interface ServerBotAccess {
  userAgent: string;
  /** Final HTTP status after redirects; 0 when no answer came. */
  status: number;
  ok: boolean;
}

export interface CrawlabilityFindings extends RobotsTxtAnalysis {
  /** Crawler name → how the server answered that crawler's user agent. */
  serverBotAccess: Record<string, ServerBotAccess>;
}

export interface ContentFindings {
  structuralAnalysis: StructuralAnalysis;
  dynamicContent: DynamicContent;
  contentAnalysis: ContentAnalysis;
}

interface Outcome {
  checkId: string;
  completedDate: string;
}

export type CrawlabilityCheckRequested = DomainEvent<'CrawlabilityCheckRequested', CrawlabilityCheckRequest>;
export type CrawlabilityCheckCompleted = DomainEvent<'CrawlabilityCheckCompleted', Outcome & CrawlabilityFindings>;
export type CrawlabilityCheckFailed = DomainEvent<'CrawlabilityCheckFailed', Outcome & { error: string }>;
export type ContentCheckRequested = DomainEvent<'ContentCheckRequested', ContentCheckRequest>;
export type ContentCheckCompleted = DomainEvent<'ContentCheckCompleted', Outcome & ContentFindings>;
export type ContentCheckFailed = DomainEvent<'ContentCheckFailed', Outcome & { error: string }>;

/** The events of a check's own stream: its one outcome. */
export type CheckOutcomeEvent = CrawlabilityCheckCompleted | CrawlabilityCheckFailed | ContentCheckCompleted | ContentCheckFailed;
export type CheckRequestedEvent = CrawlabilityCheckRequested | ContentCheckRequested;

export type CheckStatus = 'pending' | 'completed' | 'failed';

export interface CheckState {
  status: CheckStatus;
}

export const initialCheckState = (): CheckState => ({ status: 'pending' });

export function evolveCheck(state: CheckState, event: CheckOutcomeEvent): CheckState {
  switch (event.type) {
    case 'CrawlabilityCheckCompleted':
    case 'ContentCheckCompleted':
      return { status: 'completed' };
    case 'CrawlabilityCheckFailed':
    case 'ContentCheckFailed':
      return { status: 'failed' };
    default: {
      // An event type this code does not know (written by a newer version) is skipped.
      const _unknown: never = event;
      return state;
    }
  }
}
