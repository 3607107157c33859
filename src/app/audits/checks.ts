import { ServiceUnavailableError } from '../../domain/shared/errors.js';
import { withoutWww } from '../../domain/shared/hosts.js';
import type { OwnedByWorkspace } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { newAuditId, requestGeoAudit } from './geoAudits.js';
import type { CheckCreated } from './resource.js';

export interface ContentCheckInput {
  workspaceId: string;
  url: string;
  /** One of CRAWLER_IDENTITIES. */
  crawlerIdentity: string;
  sendServiceHeader: boolean;
}

/** The host a crawlability check is about: lowercase (URL parsing does it), without `www.`. */
const domainOf = (url: string): string => withoutWww(new URL(url).hostname);

/** Requests a crawlability check; the worker runs it. Answers once an immediate read sees it pending. */
export async function createCrawlabilityCheck(services: Services, workspace: OwnedByWorkspace, input: { workspaceId: string; url: string }): Promise<CheckCreated> {
  const checkId = newAuditId('crawlabilityCheck');
  const { request, position } = await requestGeoAudit(services, workspace, (facts) => ({
    type: 'CrawlabilityCheckRequested',
    data: { ...facts, checkId, url: input.url, domain: domainOf(input.url) },
  }));
  await services.readYourWrites(position);
  return { id: checkId, workspaceId: input.workspaceId, url: input.url, status: 'pending', createdDate: request.data.createdDate };
}

/**
 * Requests a content check; the worker runs it. Answers once an immediate read sees it pending. Without a
 * browser to render with, 503 saying what to install, before anything is counted or recorded.
 */
export async function createContentCheck(services: Services, workspace: OwnedByWorkspace, input: ContentCheckInput): Promise<CheckCreated> {
  const browser = services.browser();
  if (browser.state === 'unavailable') throw new ServiceUnavailableError(`Content checks need a browser to render pages. ${browser.reason}.`);
  const checkId = newAuditId('contentCheck');
  const { request, position } = await requestGeoAudit(services, workspace, (facts) => ({
    type: 'ContentCheckRequested',
    data: { ...facts, checkId, url: input.url, crawlerIdentity: input.crawlerIdentity, sendServiceHeader: input.sendServiceHeader },
  }));
  await services.readYourWrites(position);
  return { id: checkId, workspaceId: input.workspaceId, url: input.url, status: 'pending', createdDate: request.data.createdDate };
}
