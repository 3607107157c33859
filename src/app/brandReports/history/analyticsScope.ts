import { z } from 'zod';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import type { EngineId } from '../../../domain/shared/engines.js';
import type { PromptDoc } from '../../../projections/directory/reader.js';
import { historyReader, type HistoryFilter, type ReportVersionDoc } from '../../../projections/reportHistory/reader.js';
import { directoryCollection } from '../../shared/directory.js';
import type { Services } from '../../shared/services.js';
import { enginesFilterSchema, type Window } from '../../shared/window.js';
import { readableReport, type ReadableReport } from './history.js';

/** `engines` (repeatable) and `tagId` filter every analytics endpoint. */
export const analyticsFilterFields = {
  engines: enginesFilterSchema,
  tagId: z.string().min(1).optional().describe('Only prompts with this tag'),
};

export interface AnalyticsFilters {
  engines?: readonly EngineId[] | undefined;
  tagId?: string | undefined;
}

export interface AnalyticsQuery extends Window, AnalyticsFilters {
  /** The history version to read (`/stats`); the active one when absent. */
  version?: number | undefined;
}

/** What every analytics answer is computed over: one report version, its prompts in the country, the filters. */
export interface AnalyticsScope extends ReadableReport {
  /** The version's prompts in the window's country that pass the tag filter, in the version's order. */
  prompts: PromptDoc[];
  /** Whether a tag filter narrowed the prompts: report-level aggregates then do not apply. */
  narrowed: boolean;
  /** Only these engines; null for all. */
  engines: ReadonlySet<string> | null;
  /** A newer version of the report's history is being built: the figures are still the current version's. */
  isRecalculating: boolean;
  window: Window;
}

async function newerVersionBuilding(services: Services, version: ReportVersionDoc): Promise<boolean> {
  if (version.state === 'building') return true;
  const versions = await historyReader(services.readModels).versions();
  return (await versions.countDocuments({ reportId: version.reportId, state: 'building', version: { $gt: version.version } })) > 0;
}

/** The version's prompts, in its order, with their directory documents. */
async function versionPrompts(services: Services, version: ReportVersionDoc): Promise<PromptDoc[]> {
  const found = await (await directoryCollection(services, 'prompts')).find({ _id: { $in: version.promptIds } });
  const byId = new Map(found.map((prompt) => [prompt._id, prompt]));
  return version.promptIds.map((promptId) => byId.get(promptId)).filter((prompt) => prompt !== undefined);
}

/** 404 for an unknown report, 403 outside the credential's workspaces; then the scope of the answer. */
export async function analyticsScope(services: Services, report: BrandReportDoc, query: AnalyticsQuery): Promise<AnalyticsScope> {
  const readable = await readableReport(services, report, query.version);
  const inCountry = (await versionPrompts(services, readable.version)).filter(({ country }) => country === query.country);
  const { tagId } = query;
  return {
    ...readable,
    prompts: tagId === undefined ? inCountry : inCountry.filter(({ tagIds }) => tagIds.includes(tagId)),
    narrowed: tagId !== undefined,
    engines: query.engines?.length ? new Set(query.engines) : null,
    isRecalculating: await newerVersionBuilding(services, readable.version),
    window: { startDate: query.startDate, endDate: query.endDate, country: query.country },
  };
}

/** The scope's engines and prompts as the history reader filters them. */
export const historyFilter = ({ engines, prompts, narrowed }: AnalyticsScope): HistoryFilter => ({ engines, narrowed, promptIds: prompts.map(({ _id }) => _id) });
