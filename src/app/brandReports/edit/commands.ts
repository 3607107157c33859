import { brandReportDecider } from '../../../domain/brandReport/decide.js';
import { brandReportStream, reportPromptIds, type ActiveBrandReport } from '../../../domain/brandReport/events.js';
import type { BrandReportCreateInput } from '../../../domain/brandReport/schema.js';
import { NotFoundError } from '../../../domain/shared/errors.js';
import { requireWorkspace } from '../../shared/aggregates.js';
import { handleCommand, type Created } from '../../shared/commandHandler.js';
import { nowIso, type AppContext } from '../../shared/context.js';
import type { Services } from '../../shared/services.js';
import { reportTags } from './queries.js';
import { brandReportResource, type BrandReport } from '../resource.js';
import { promptsContext } from '../../prompts/prompts.js';
import { newId } from '../../shared/ids.js';

export async function createBrandReport(
  context: AppContext,
  input: BrandReportCreateInput & { workspaceId: string },
): Promise<Created & { report: ActiveBrandReport }> {
  const { workspaceId, ...fields } = input;
  const workspace = await requireWorkspace(context.eventStore, workspaceId);
  const reportId = newId('report');
  const result = await handleCommand(context.eventStore, brandReportStream(reportId), brandReportDecider, {
    type: 'CreateBrandReport',
    data: {
      ...fields,
      reportId,
      workspaceId,
      teamId: workspace.teamId,
      prompts: await promptsContext(context, fields.promptIds ?? []),
      now: nowIso(context),
    },
  });
  if (result.state.status !== 'active') throw new Error(`Report ${reportId} is not active after its creation`);
  return { id: reportId, position: result.position, report: result.state };
}

/** `POST /v1/reports/brand`: the new report as GET answers it, once the read models hold it. */
export async function createBrandReportResource(services: Services, input: BrandReportCreateInput & { workspaceId: string }): Promise<BrandReport> {
  const { report, position } = await createBrandReport(services, input);
  await services.readYourWrites(position);
  return brandReportResource(report, await reportTags(services, reportPromptIds(report)));
}

/** The report leaves every list and read once the read models have applied it; its events stay in the log. */
export async function deleteBrandReport(services: Services, reportId: string): Promise<void> {
  const result = await handleCommand(services.eventStore, brandReportStream(reportId), brandReportDecider, {
    type: 'DeleteBrandReport',
    data: { reportId, now: nowIso(services) },
  });
  await services.readYourWrites(result.position);
}

/** The report PATCH: `patch` is the raw body; the decider applies the seven rules. */
export async function updateBrandReport(
  context: AppContext,
  reportId: string,
  patch: unknown,
): Promise<{ report: ActiveBrandReport; position: bigint | null }> {
  const sentPromptIds = (patch as { promptIds?: unknown } | null)?.promptIds;
  const prompts = await promptsContext(context, Array.isArray(sentPromptIds) ? sentPromptIds : []);
  const result = await handleCommand(context.eventStore, brandReportStream(reportId), brandReportDecider, {
    type: 'UpdateBrandReport',
    data: { reportId, patch, prompts, now: nowIso(context) },
  });
  if (result.state.status !== 'active') throw new Error(`Report ${reportId} is not active after an update`);
  return { report: result.state, position: result.position };
}

/**
 * An analyst's replay (`geolens replay`): the report's history is rebuilt with its current settings, for
 * example after an analysis upgrade. Returns the position of the request, which opens the new version.
 */
export async function requestReplay(context: AppContext, reportId: string): Promise<{ position: bigint }> {
  try {
    const result = await handleCommand(context.eventStore, brandReportStream(reportId), brandReportDecider, {
      type: 'RequestBrandReportReplay',
      data: { reportId, now: nowIso(context) },
    });
    if (result.position === null) throw new Error(`Replay of report ${reportId} appended nothing`);
    return { position: result.position };
  } catch (error) {
    // The decider does not know which input named the report; the caller's edge maps `reportId` to its flag.
    if (error instanceof NotFoundError && !error.field) throw new NotFoundError(error.message, 'reportId');
    throw error;
  }
}

/**
 * PATCH of a brand report the access step has found on the event stream (so a report created a moment ago by
 * the CLI is found) and checked. The answer is the decider's resulting state, sent once the read models have
 * caught up with it, so a GET right after shows the same report.
 */
export async function editBrandReport(services: Services, reportId: string, patch: unknown): Promise<BrandReport> {
  const { report, position } = await updateBrandReport(services, reportId, patch);
  await services.readYourWrites(position);
  return brandReportResource(report, await reportTags(services, reportPromptIds(report)));
}
