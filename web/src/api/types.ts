/**
 * The answers the page reads, typed from the API's own zod schemas (type-only imports: nothing of the server
 * reaches the bundle). A renamed field in a schema fails `tsc -p web`, which the build runs first.
 */
import type { z } from 'zod';
import type { aiResponseSchema } from '../../../src/app/brandReports/history/aiResponses.js';
import type { citationHistorySchema } from '../../../src/app/brandReports/analytics/citationHistory.js';
import type { citedUrlListSchema } from '../../../src/app/brandReports/analytics/citations.js';
import type { citationStatsSchema } from '../../../src/app/brandReports/analytics/citationStats.js';
import type { promptDetailSchema } from '../../../src/app/brandReports/history/promptDetail.js';
import type { reportRecalculationSchema } from '../../../src/app/brandReports/edit/recalculation.js';
import type { recommendationSchema } from '../../../src/app/brandReports/analytics/recommendations/schema.js';
import type { reportPromptListSchema } from '../../../src/app/brandReports/analytics/reportPrompts.js';
import type { brandReportListItemSchema, brandReportSchema } from '../../../src/app/brandReports/resource.js';
import type { brandReportStatsSchema } from '../../../src/app/brandReports/analytics/statsSchema.js';
import type { contentCheckListItemSchema, contentCheckSchema, crawlabilityCheckListItemSchema, crawlabilityCheckSchema } from '../../../src/app/audits/resource.js';
import type { enginesListSchema } from '../../../src/app/engines/operations.js';
import type { queryFanOutListItemSchema, queryFanOutSchema } from '../../../src/app/audits/fanOuts/resource.js';
import type { sessionSchema } from '../../../src/app/sessions/schema.js';
import type { cursorPagingSchema } from '../../../src/app/shared/paging.js';
import type { workspaceSchema } from '../../../src/app/workspaces/queries.js';
import type { agentsAnswerSchema, ingestionAnswerSchema, pagesAnswerSchema, statsAnswerSchema } from '../../../src/app/agentAnalytics/schemas.js';
import type { referralPagesAnswerSchema, referralsAnswerSchema } from '../../../src/app/agentAnalytics/referralSchemas.js';
import type { brandReportPatchSchema } from '../../../src/domain/brandReport/schema.js';
import type { alertSchema, watchSchema } from '../../../src/app/alerts/resource.js';
import type { createdWebhookSchema, deliveryPageSchema, webhookSchema } from '../../../src/app/webhooks/resource.js';
import type { WatchKind } from '../../../src/domain/alerts/schema.js';
import type { WebhookEventType } from '../../../src/domain/webhooks/schema.js';

interface CursorPage<Item> {
  items: Item[];
  paging: z.output<typeof cursorPagingSchema>;
}

export type Stats = z.output<typeof brandReportStatsSchema>;
export type PromptList = z.output<typeof reportPromptListSchema>;
export type PromptDetail = z.output<typeof promptDetailSchema>;
export type AiResponsePage = CursorPage<z.output<typeof aiResponseSchema>>;
export type CitedUrlList = z.output<typeof citedUrlListSchema>;
export type CitationStats = z.output<typeof citationStatsSchema>;
export type CitationHistory = z.output<typeof citationHistorySchema>;
export type Recommendation = z.output<typeof recommendationSchema>;
export type RecommendationPage = CursorPage<Recommendation>;
export type Recalculation = z.output<typeof reportRecalculationSchema>;
export type BrandReport = z.output<typeof brandReportSchema>;
export type BrandReportPage = CursorPage<z.output<typeof brandReportListItemSchema>>;
export type WorkspacePage = CursorPage<z.output<typeof workspaceSchema>>;
export type CrawlabilityCheckPage = CursorPage<z.output<typeof crawlabilityCheckListItemSchema>>;
export type ContentCheckPage = CursorPage<z.output<typeof contentCheckListItemSchema>>;
export type CrawlabilityCheck = z.output<typeof crawlabilityCheckSchema>;
export type ContentCheck = z.output<typeof contentCheckSchema>;
export type QueryFanOutPage = CursorPage<z.output<typeof queryFanOutListItemSchema>>;
export type QueryFanOut = z.output<typeof queryFanOutSchema>;
export type EnginesList = z.output<typeof enginesListSchema>;
/** The answer of creating any GEO audit or fan-out: the pending run's id. */
export interface Created {
  id: string;
}
export type BrandReportPatch = z.input<typeof brandReportPatchSchema>;

/** The session of the signed-in user (`/auth/session`). */
export type Session = z.output<typeof sessionSchema>;

export type AgentStats = z.output<typeof statsAnswerSchema>;
export type AgentList = z.output<typeof agentsAnswerSchema>;
export type AgentPages = z.output<typeof pagesAnswerSchema>;
export type AgentLogIngestion = z.output<typeof ingestionAnswerSchema>;
export type Referrals = z.output<typeof referralsAnswerSchema>;
export type ReferralPages = z.output<typeof referralPagesAnswerSchema>;

export type Watch = z.output<typeof watchSchema>;
export type { WatchKind, WebhookEventType };
export type AlertPage = CursorPage<z.output<typeof alertSchema>>;
export type Alert = AlertPage['items'][number];
export type Webhook = z.output<typeof webhookSchema>;
export type CreatedWebhook = z.output<typeof createdWebhookSchema>;
export type DeliveryPage = z.output<typeof deliveryPageSchema>;
export type Delivery = DeliveryPage['items'][number];
