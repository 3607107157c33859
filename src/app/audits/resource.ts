import { z } from 'zod';
import { CONTENT_SIGNALS, STRUCTURAL_CATEGORIES } from '../../domain/audits/index.js';
import { BLOCKING_PURPOSES } from '../../domain/crawlers/index.js';
import type { AuditDoc, ContentCheckDoc, CrawlabilityCheckDoc } from '../../projections/audits/reader.js';
import type { AuditResource } from './auditQueries.js';

/** The crawlability check and the content check as the API answers them, with geolens's additions. */

export const checkStatusSchema = z.enum(['pending', 'completed', 'failed']).describe('pending until the worker has run the check');

const timestamp = z.iso.datetime();

/** The fields a GEO audit's detail shares: when it finished, and why it failed. */
export const auditOutcomeFields = {
  completedDate: timestamp.optional().describe('When it completed or failed; absent while pending'),
  error: z.string().optional().describe('Why it failed; only on failed ones'),
};

export const outcomeOf = ({ completedDate, error }: AuditDoc) => ({
  ...(completedDate === undefined ? {} : { completedDate }),
  ...(error === undefined ? {} : { error }),
});

function createdSchema(id: string) {
  return z
    .object({ id: z.string(), workspaceId: z.string(), url: z.string(), status: z.literal('pending'), createdDate: timestamp })
    .meta({ id });
}

export const crawlabilityCheckCreatedSchema = createdSchema('CrawlabilityCheckCreated');
export const contentCheckCreatedSchema = createdSchema('ContentCheckCreated');
export type CheckCreated = z.output<typeof crawlabilityCheckCreatedSchema>;

export const crawlabilityCheckListItemSchema = z
  .object({ id: z.string(), workspaceId: z.string(), url: z.string(), domain: z.string(), status: checkStatusSchema, createdDate: timestamp })
  .meta({ id: 'CrawlabilityCheckListItem' });

const consequenceSchema = z.object({
  purpose: z.enum(BLOCKING_PURPOSES).describe('What the token is for: collecting training data, a search index, or fetching for a user'),
  allowed: z.boolean(),
  meaning: z.string().describe('What the verdict means for the site'),
});

export const crawlabilityCheckSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    url: z.string(),
    domain: z.string().describe("The URL's host, lowercase, without www."),
    status: checkStatusSchema,
    createdDate: timestamp,
    ...auditOutcomeFields,
    robotsTxtAnalysis: z.record(z.string(), z.boolean()).optional().describe('robots.txt token → may it fetch the URL (RFC 9309)'),
    robotsTxtAnalysisResult: z.boolean().optional().describe('true when every token may'),
    serverBotAccess: z
      .record(z.string(), z.object({ userAgent: z.string(), status: z.number().int().describe('Final HTTP status; 0 when no answer came'), ok: z.boolean() }))
      .optional()
      .describe("Crawler name → how the server answered a GET with the crawler's full user agent"),
    contentSignals: z
      .object(Object.fromEntries(CONTENT_SIGNALS.map((signal) => [signal, z.boolean().nullable()])) as Record<(typeof CONTENT_SIGNALS)[number], z.ZodNullable<z.ZodBoolean>>)
      .optional()
      .describe('The robots.txt Content-Signal values for *: true (yes), false (no), null when absent'),
    consequences: z.record(z.string(), consequenceSchema).optional().describe('robots.txt token → what its verdict means'),
  })
  .meta({ id: 'CrawlabilityCheck' });

export const contentCheckListItemSchema = z
  .object({ id: z.string(), workspaceId: z.string(), url: z.string(), status: checkStatusSchema, createdDate: timestamp })
  .meta({ id: 'ContentCheckListItem' });

const score = z.number();
const scoredItemSchema = z.object({ maxScore: score, score });
const categorySchema = (items: object) =>
  z.object({ score: score.describe('Sum of the items, 0..100'), breakdown: z.object(Object.fromEntries(Object.keys(items).map((item) => [item, scoredItemSchema]))) });

const structuralAnalysisSchema = z.object({
  overallScore: score.describe('Weighted mean of the four categories (weights in docs/audits.md)'),
  categoryScores: z.object(Object.fromEntries(Object.keys(STRUCTURAL_CATEGORIES).map((category) => [category, score]))),
  ...Object.fromEntries(Object.entries(STRUCTURAL_CATEGORIES).map(([category, items]) => [category, categorySchema(items)])),
});

const dynamicContentSchema = z.object({
  differenceDescription: z.string(),
  score: score.describe('100 × min(1, staticLength / dynamicLength); 100 when both are 0'),
  staticLength: z.number().int().describe('Visible text length without JavaScript'),
  dynamicLength: z.number().int().describe('Visible text length with JavaScript'),
  isPotentiallyBlocked: z.boolean().describe('The static fetch was answered 401, 403, 429 or 503, or with a bot-challenge page'),
});

const measuredItemSchema = z.object({ score: score.describe('0..100'), description: z.string().describe('What was measured') });
const contentAnalysisSchema = z.object({
  overallScore: score.describe('Mean of the four items'),
  analysis: z.object({
    semanticRepetition: measuredItemSchema,
    summaryBlock: measuredItemSchema,
    clarityAndAssertiveness: measuredItemSchema,
    specificity: measuredItemSchema,
  }),
});

export const contentCheckSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    url: z.string(),
    status: checkStatusSchema,
    createdDate: timestamp,
    ...auditOutcomeFields,
    crawlerIdentity: z.string().describe('The crawler whose user agent fetched and rendered the page'),
    sendServiceHeader: z.boolean().describe('Whether X-Geolens-Audit: <check id> was sent'),
    sendOtterlyHeader: z.boolean().describe('sendServiceHeader under the hosted API’s name, which its clients read'),
    structuralAnalysis: structuralAnalysisSchema.optional(),
    dynamicContent: dynamicContentSchema.optional(),
    contentAnalysis: contentAnalysisSchema.optional(),
  })
  .meta({ id: 'ContentCheck' });

export const CRAWLABILITY_CHECKS: AuditResource<CrawlabilityCheckDoc, z.output<typeof crawlabilityCheckListItemSchema>, z.output<typeof crawlabilityCheckSchema>> = {
  label: 'Crawlability check',
  list: 'crawlabilityChecks',
  collection: 'crawlabilityChecks',
  listItem: ({ _id, workspaceId, url, domain, status, createdDate }) => ({ id: _id, workspaceId, url, domain, status, createdDate }),
  detail: (document) => ({
    id: document._id,
    workspaceId: document.workspaceId,
    url: document.url,
    domain: document.domain,
    status: document.status,
    createdDate: document.createdDate,
    ...outcomeOf(document),
    ...document.findings,
  }),
};

export const CONTENT_CHECKS: AuditResource<ContentCheckDoc, z.output<typeof contentCheckListItemSchema>, z.output<typeof contentCheckSchema>> = {
  label: 'Content check',
  list: 'contentChecks',
  collection: 'contentChecks',
  listItem: ({ _id, workspaceId, url, status, createdDate }) => ({ id: _id, workspaceId, url, status, createdDate }),
  detail: (document) => ({
    id: document._id,
    workspaceId: document.workspaceId,
    url: document.url,
    status: document.status,
    createdDate: document.createdDate,
    ...outcomeOf(document),
    crawlerIdentity: document.crawlerIdentity,
    sendServiceHeader: document.sendServiceHeader,
    sendOtterlyHeader: document.sendServiceHeader,
    ...document.findings,
  }),
};
