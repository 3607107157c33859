import { brandReportDecider } from '../domain/brandReport/decide.js';
import { brandReportStream, reportPromptIds } from '../domain/brandReport/events.js';
import { NotFoundError } from '../domain/shared/errors.js';
import { loadState } from './aggregates.js';
import { updateBrandReport } from './brandReports.js';
import { assertCanReadWorkspace, assertCanWrite, type Principal } from './principal.js';
import { brandReportResource, type BrandReport } from './queries/brandReportResource.js';
import { reportTags } from './queries/brandReports.js';
import type { Services } from './services.js';

/**
 * PATCH of a brand report on behalf of a credential. Access is checked on the event stream, not the read
 * model, so a report created a moment ago by the CLI is found. The answer is the decider's resulting state,
 * sent once the read models have caught up with it, so a GET right after shows the same report.
 */
export async function editBrandReport(
  services: Services,
  principal: Principal,
  reportId: string,
  patch: unknown,
): Promise<BrandReport> {
  const stored = await loadState(services.context.eventStore, brandReportStream(reportId), brandReportDecider);
  if (stored.status !== 'active') throw new NotFoundError(`Brand report ${reportId} not found`);
  assertCanReadWorkspace(principal, stored);
  assertCanWrite(principal);
  const { report, position } = await updateBrandReport(services.context, reportId, patch);
  await services.readYourWrites(position);
  return brandReportResource(report, await reportTags(services, reportPromptIds(report)));
}
