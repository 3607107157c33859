import type { EngineDescription } from '../../engines/index.js';
import type { Position } from '../../ports/eventStore.js';
import type { BrowserAvailability } from '../../ports/web.js';
import type { WebhookSender } from '../../ports/webhooks.js';
import type { Mailer } from '../../ports/mailer.js';
import type { ReportPrinter } from '../../ports/reportPrinter.js';
import type { ReadModels } from '../../projections/index.js';
import type { BillingPeriod } from '../../domain/team/billingPeriod.js';
import type { ApiKeyDoc, TeamDoc } from '../../projections/directory/reader.js';
import type { ReportDetail } from '../../projections/brandReports/reader.js';
import type { HealthReport } from './health.js';
import type { AppContext } from './context.js';
import type { ResponseCache } from './responseCache.js';

export interface CredentialLookups {
  apiKey(keyHash: string): Promise<ApiKeyDoc | null>;
  team(teamId: string): Promise<TeamDoc | null>;
}

/** Brand reports with their prompts' tags, in memory and kept current by the event log (the server's). */
export interface ReportDetails {
  /** The report's detail as applied so far; null when no such report exists. */
  detail(reportId: string): Promise<ReportDetail | null>;
}

/** What the operations need, flat: the write side's stores, clock and logger, and the read side; the composition root builds it. */
export interface Services extends AppContext {
  readModels: ReadModels;
  /** The engines as configured: which run for real and where. */
  engines: readonly EngineDescription[];
  /** Who holds an API key and what their team may do: from memory in the server, from read models in a CLI. */
  credentials: CredentialLookups;
  /** The server's reports in memory (the report detail and its access check); null in a CLI, which reads the read models. */
  reportDetails: ReportDetails | null;
  /** What the team has used in the billing period starting `periodStart` (REST requests or MCP tool calls). */
  usageCount(teamId: string, period: BillingPeriod, counter: 'apiRequests' | 'mcpRequests'): Promise<number>;
  /** Stores in use and projection lag. */
  health(): Promise<HealthReport>;
  /** Whether content checks can render now (CHROMIUM_PATH). */
  browser(): BrowserAvailability;
  /** Answers of read operations for the same inputs and read-model positions (one per process). */
  responseCache: ResponseCache;
  /** Resolves once every read model reflects the events up to `position`; null means nothing was written. */
  readYourWrites(position: Position | null): Promise<void>;
  /** Where webhook deliveries go out, under the audit fetcher's address rules. */
  webhookSender: WebhookSender;
  /** Where e-mail goes (SMTP_URL); null when e-mail is off. */
  mailer: Mailer | null;
  /** The public URL (BASE_URL): share links are answered under it. */
  baseUrl: string;
  /** Prints a report page to PDF in headless Chromium; its availability is `browser()`. */
  reportPrinter: ReportPrinter;
}
