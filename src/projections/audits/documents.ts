import type { CheckStatus, ContentFindings, CrawlabilityFindings } from '../../domain/audits/events.js';
import type { QueryFanOutStatus } from '../../domain/fanOut/events.js';
import type { EngineFanOut } from '../../domain/fanOut/schema.js';
import type { CountryCode } from '../../domain/shared/countries.js';
import type { EngineId } from '../../domain/shared/engines.js';
import type { Doc } from '../../ports/documentStore.js';

export const AUDIT_COLLECTIONS = {
  crawlabilityChecks: 'crawlabilityChecks',
  contentChecks: 'contentChecks',
  queryFanOuts: 'queryFanOuts',
} as const;

/** What every GEO audit document holds besides its own fields; `_id` is the audit's id. */
export interface AuditDoc extends Doc {
  teamId: string;
  workspaceId: string;
  /** The billing period the audit counts in (its first day): `geoAuditUsedCount` counts documents by it. */
  periodStart: string;
  createdDate: string;
  /** Set once the audit has finished, completed or failed. */
  completedDate?: string;
  /** Why it failed. */
  error?: string;
}

export interface CrawlabilityCheckDoc extends AuditDoc {
  url: string;
  domain: string;
  status: CheckStatus;
  findings?: CrawlabilityFindings;
}

export interface ContentCheckDoc extends AuditDoc {
  url: string;
  crawlerIdentity: string;
  sendServiceHeader: boolean;
  status: CheckStatus;
  findings?: ContentFindings;
}

export interface QueryFanOutDoc extends AuditDoc {
  query: string;
  country: CountryCode;
  /** The engines asked for. */
  engines: EngineId[];
  status: QueryFanOutStatus;
  /** Times a worker started it. */
  attempts: number;
  startedDate?: string;
  /** Each engine's searches, once completed. */
  results?: EngineFanOut[];
}
