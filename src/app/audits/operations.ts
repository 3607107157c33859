import { z } from 'zod';
import type { ContentCheckDoc, CrawlabilityCheckDoc } from '../../projections/audits/reader.js';
import { byWorkspace } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { getAuditOperation, listAuditsOperation, type AuditReads } from './auditOperations.js';
import { createContentCheck, createCrawlabilityCheck } from './checks.js';
import { CRAWLER_IDENTITIES, DEFAULT_CRAWLER_IDENTITY } from './crawlers.js';
import {
  CONTENT_CHECKS,
  CRAWLABILITY_CHECKS,
  contentCheckCreatedSchema,
  contentCheckListItemSchema,
  contentCheckSchema,
  crawlabilityCheckCreatedSchema,
  crawlabilityCheckListItemSchema,
  crawlabilityCheckSchema,
} from './resource.js';

export const GEO_AUDITS_TAG = 'GEO audits';

/** What creating any GEO audit may answer besides 400. */
export const CREATE_AUDIT_ERRORS = {
  403: 'A read-only credential, or a workspace the credential cannot read',
  404: 'workspaceId names no workspace',
  429: "The team has used its GEO audits of the billing period (geoAuditMaxCount), or has no active plan; nothing is created",
} as const;

export const auditWorkspaceIdField = z.string().min(1).describe('Workspace id');

/** The page an audit fetches: an absolute http or https URL. */
export const auditUrlField = z
  .url({ protocol: /^https?$/, error: 'Expected an absolute http or https URL' })
  .max(2048)
  .describe('The page to check: an absolute http(s) URL');

const CRAWLABILITY_READS: AuditReads<CrawlabilityCheckDoc> = {
  resource: CRAWLABILITY_CHECKS,
  tag: GEO_AUDITS_TAG,
  names: { list: 'listCrawlabilityChecks', get: 'getCrawlabilityCheck' },
  plural: 'crawlability checks',
  idField: 'checkId',
  item: crawlabilityCheckListItemSchema,
  detail: crawlabilityCheckSchema,
  detailDescription:
    'Once completed: robotsTxtAnalysis (each robots.txt token of the AI crawler catalog → may it fetch the URL, RFC 9309), ' +
    "serverBotAccess (each crawler → the HTTP status its full user agent got), contentSignals and the consequences of each verdict. " +
    'A failed check has an error saying why.',
};

const CONTENT_READS: AuditReads<ContentCheckDoc> = {
  resource: CONTENT_CHECKS,
  tag: GEO_AUDITS_TAG,
  names: { list: 'listContentChecks', get: 'getContentCheck' },
  plural: 'content checks',
  idField: 'checkId',
  item: contentCheckListItemSchema,
  detail: contentCheckSchema,
  detailDescription:
    'Once completed: structuralAnalysis (scores 0..100 per category and item), dynamicContent (visible text without and with ' +
    'JavaScript, score 0..100) and contentAnalysis (four measures 0..100 with what was measured). A failed check has an error saying why.',
};

export const listCrawlabilityChecksOperation = listAuditsOperation(CRAWLABILITY_READS, 'optional');
export const getCrawlabilityCheckOperation = getAuditOperation(CRAWLABILITY_READS, 'optional');
export const listContentChecksOperation = listAuditsOperation(CONTENT_READS, 'optional');
export const getContentCheckOperation = getAuditOperation(CONTENT_READS, 'optional');

/** MCP's forms (there `workspaceId` is required). */
export const listWorkspaceCrawlabilityChecksOperation = listAuditsOperation(CRAWLABILITY_READS, 'required');
export const getWorkspaceCrawlabilityCheckOperation = getAuditOperation(CRAWLABILITY_READS, 'required');
export const listWorkspaceContentChecksOperation = listAuditsOperation(CONTENT_READS, 'required');
export const getWorkspaceContentCheckOperation = getAuditOperation(CONTENT_READS, 'required');

export const createCrawlabilityCheckOperation = defineOperation({
  name: 'createCrawlabilityCheck',
  summary: 'Check a URL for crawlability by AI bots',
  description:
    'Creates a pending check that a background worker runs: robots.txt is read for every AI crawler token and the page is ' +
    "fetched with each crawler's user agent. Poll the check until it is completed or failed. Counts once toward geoAuditUsedCount.",
  tag: GEO_AUDITS_TAG,
  access: 'write',
  input: z.object({ workspaceId: auditWorkspaceIdField, url: auditUrlField }),
  output: crawlabilityCheckCreatedSchema,
  answers: 'The pending check',
  errors: CREATE_AUDIT_ERRORS,
  resource: byWorkspace,
  handler: (input, { deps, resource }) => createCrawlabilityCheck(deps, resource, input),
});

export const createContentCheckOperation = defineOperation({
  name: 'createContentCheck',
  summary: 'Check the AI readiness of a page’s content',
  description:
    'Creates a pending check that a background worker runs: the page is fetched without JavaScript and rendered in headless ' +
    'Chromium, as the crawler named by crawlerIdentity. Poll the check until it is completed or failed. Counts once toward geoAuditUsedCount.',
  tag: GEO_AUDITS_TAG,
  access: 'write',
  input: z.object({
    workspaceId: auditWorkspaceIdField,
    url: auditUrlField,
    crawlerIdentity: z
      .enum(CRAWLER_IDENTITIES)
      .default(DEFAULT_CRAWLER_IDENTITY)
      .describe(`The crawler whose user agent fetches the page: a crawler of the catalog (default ${DEFAULT_CRAWLER_IDENTITY})`),
    sendServiceHeader: z.boolean().optional().describe('Send X-Geolens-Audit: <check id> with every request; default false'),
    sendOtterlyHeader: z.boolean().optional().describe('The hosted API’s name of sendServiceHeader'),
  }),
  check: ({ sendServiceHeader, sendOtterlyHeader }, context) => {
    if (sendServiceHeader !== undefined && sendOtterlyHeader !== undefined && sendServiceHeader !== sendOtterlyHeader) {
      context.addIssue({ code: 'custom', path: ['sendOtterlyHeader'], message: 'sendOtterlyHeader is an alias of sendServiceHeader and contradicts it' });
    }
  },
  output: contentCheckCreatedSchema,
  answers: 'The pending check',
  errors: {
    ...CREATE_AUDIT_ERRORS,
    503: 'No browser to render with (CHROMIUM_PATH names no file, or none is installed): the message says what to install; nothing is created or counted',
  },
  resource: byWorkspace,
  handler: ({ sendServiceHeader, sendOtterlyHeader, ...input }, { deps, resource }) =>
    createContentCheck(deps, resource, { ...input, sendServiceHeader: sendServiceHeader ?? sendOtterlyHeader ?? false }),
});
