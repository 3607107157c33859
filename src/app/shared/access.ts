import { brandReportDecider } from '../../domain/brandReport/decide.js';
import { brandReportStream, type ActiveBrandReport } from '../../domain/brandReport/events.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { ActiveTeam } from '../../domain/team/events.js';
import { brandReportCollection, type BrandReportDoc } from '../../projections/brandReports/reader.js';
import { loadState, requireTeam, requireWorkspace } from './aggregates.js';
import { directoryCollection } from './directory.js';
import { assertCanReadTeam, assertCanReadWorkspace, type OwnedByWorkspace, type Principal } from './principal.js';
import type { Services } from './services.js';

/** What an operation touches, named by the input field the caller sent. */
export type ResourceRef = { workspaceId: string } | { reportId: string } | { teamId: string };

/**
 * Where a resource is read from: a read answers from the read models; a write (and the operator's command line,
 * which may run while no server builds read models) checks the event stream, so a report or workspace created a
 * moment ago is found. A read that answers from the server's reports in memory (the report detail) checks its
 * report there too, so both come from one applied position; without them (a CLI) from the read models.
 */
export type ResourceSource = 'readModel' | 'memory' | 'eventStream';

/** A report as its source holds it: the read model's document for reads, the decider's state for writes. */
export type ReportOf<S extends ResourceSource> = S extends 'eventStream' ? ActiveBrandReport : BrandReportDoc;

/** The resource an operation declared, found and checked, as its handler gets it. */
export type ResolvedResource<R, S extends ResourceSource> = R extends { reportId: string }
  ? ReportOf<S>
  : R extends { workspaceId: string }
    ? OwnedByWorkspace
    : R extends { teamId: string }
      ? ActiveTeam
      : undefined;

/** How each kind is found: null when it does not exist. */
export interface ResourceLookup {
  workspace(workspaceId: string): Promise<OwnedByWorkspace | null>;
  report(reportId: string): Promise<OwnedByWorkspace | null>;
  team(teamId: string): Promise<ActiveTeam | null>;
}

const notFound = (label: string, id: string, field: string) => new NotFoundError(`${label} ${id} not found`, field);

/**
 * The access step every binding runs (through the operation) after validation and before the handler: 404 for a
 * resource that does not exist, then 403 for one the principal cannot read, naming only what the caller sent
 *; the operator passes. Answers the resource found, for the handler.
 */
export async function checkAccess(ref: ResourceRef, principal: Principal, lookup: ResourceLookup): Promise<unknown> {
  if ('reportId' in ref) {
    const report = await lookup.report(ref.reportId);
    if (!report) throw notFound('Brand report', ref.reportId, 'reportId');
    assertCanReadWorkspace(principal, report, `brand report ${ref.reportId}`);
    return report;
  }
  if ('workspaceId' in ref) {
    const workspace = await lookup.workspace(ref.workspaceId);
    if (!workspace) throw notFound('Workspace', ref.workspaceId, 'workspaceId');
    assertCanReadWorkspace(principal, workspace, `workspace ${ref.workspaceId}`);
    return workspace;
  }
  const team = await lookup.team(ref.teamId);
  if (!team) throw notFound('Team', ref.teamId, 'teamId');
  assertCanReadTeam(principal, ref.teamId, `team ${ref.teamId}`);
  return team;
}

const orNull = async <T>(find: Promise<T>): Promise<T | null> => {
  try {
    return await find;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
};

/** The stores' lookups for `source`. */
export function resourceLookup(services: Services, source: ResourceSource): ResourceLookup {
  const team = (teamId: string) => orNull(requireTeam(services.eventStore, teamId));
  if (source === 'eventStream') {
    return {
      team,
      workspace: (workspaceId) => orNull(requireWorkspace(services.eventStore, workspaceId)),
      report: async (reportId) => {
        const report = await loadState(services.eventStore, brandReportStream(reportId), brandReportDecider);
        return report.status === 'active' ? report : null;
      },
    };
  }
  const readModel: ResourceLookup = {
    team,
    workspace: async (workspaceId) => {
      const workspace = await (await directoryCollection(services, 'workspaces')).findOne({ _id: workspaceId });
      return workspace && { workspaceId, teamId: workspace.teamId };
    },
    report: async (reportId) => (await brandReportCollection(services.readModels)).findOne({ _id: reportId }),
  };
  const { reportDetails } = services;
  if (source === 'readModel' || reportDetails === null) return readModel;
  return { ...readModel, report: async (reportId) => (await reportDetails.detail(reportId))?.report ?? null };
}

/** The declarations of operations whose input names the resource by its own field. */
export const byReport = ({ reportId }: { reportId: string }): { reportId: string } => ({ reportId });
export const byWorkspace = ({ workspaceId }: { workspaceId: string }): { workspaceId: string } => ({ workspaceId });
export const byTeam = ({ teamId }: { teamId: string }): { teamId: string } => ({ teamId });
/** For an optional `workspaceId`: without it, the operation lists across the caller's workspaces with a filter. */
export const byWorkspaceIfNamed = ({ workspaceId }: { workspaceId?: string | undefined }): { workspaceId: string } | undefined =>
  workspaceId === undefined ? undefined : { workspaceId };
