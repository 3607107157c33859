/**
 * GEO audits as the worker runs them: each check takes its URL and the ports it
 * needs, and answers the check's result fields or rejects with the message of the failed check's `error`.
 */
export {
  AUDIT_USER_AGENT,
  auditedUrl,
  runCrawlabilityCheck,
  type CrawlabilityDependencies,
  type CrawlabilityResult,
} from './crawlabilityCheck.js';
export {
  runContentCheck,
  SERVICE_HEADER,
  type ContentCheckDependencies,
  type ContentCheckOptions,
  type ContentCheckResult,
} from './contentCheck.js';
export {
  FetchFailedError,
  FetchRefusedError,
  type FetchFailure,
  type HttpAnswer,
  type HttpFetcher,
  type PageRenderer,
  type RenderedPage,
  type RenderRequest,
} from '../../ports/web.js';
