import { z } from 'zod';
import { byTagName } from '../../../domain/tag/names.js';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import {
  emptyRunTotals,
  finalizeRunTotals,
  rankBrands,
  wilsonInterval,
  type RunTotals,
  type WindowMetrics,
} from '../../../domain/analysis/index.js';
import type { PromptDoc } from '../../../projections/directory/reader.js';
import { historyReader } from '../../../projections/reportHistory/reader.js';
import type { Services } from '../../shared/services.js';
import { analyticsScope, type AnalyticsQuery, type AnalyticsScope } from '../history/analyticsScope.js';
import { countedPage, countedPagingSchema, type SortOrder } from './listPaging.js';
import { directoryCollection } from '../../shared/directory.js';
import { tagSchema, type Tag } from '../../tags/resource.js';
import { intervalSchema } from './statsSchema.js';

export const PROMPT_SORTS = ['brandMentions', 'domainMentions', 'volume', 'rank', 'prompt'] as const;

export const reportPromptSchema = z
  .object({
    rank: z.number().int().nullable().describe("The brand's rank among the tracked brands over the prompt's runs; null without runs"),
    id: z.string(),
    country: z.string(),
    prompt: z.string(),
    volume: z.number().describe("The prompt's intentVolume"),
    brandMentions: z.number().int(),
    domainMentions: z.number().int().describe("Citations of the brand's domains"),
    tags: z.array(tagSchema),
    competitors: z.array(z.object({ brand: z.string(), brandMentions: z.number().int(), domainMentions: z.number().int() })),
    runs: z.number().int(),
    mentionedRuns: z.number().int(),
    brandCoverage: z.number().describe('Fraction 0..1 of the runs that mention the brand'),
    brandCoverageInterval: intervalSchema,
    citations: z.number().int(),
  })
  .meta({ id: 'ReportPrompt' });

export const reportPromptListSchema = z.object({ items: z.array(reportPromptSchema), paging: countedPagingSchema });

export type ReportPrompt = z.output<typeof reportPromptSchema>;

export interface PromptListQuery extends AnalyticsQuery {
  search?: string | undefined;
  sortBy: (typeof PROMPT_SORTS)[number];
  sortOrder: SortOrder;
  limit: number;
  offset: number;
}

/** Each prompt's totals over the window after the engine filter, by prompt id (prompts without runs have none). */
export async function windowPromptTotals(services: Services, scope: AnalyticsScope, prompts: readonly PromptDoc[]): Promise<Map<string, RunTotals>> {
  const wanted = new Set(prompts.map(({ _id }) => _id));
  return historyReader(services.readModels).windowPromptTotals(scope.version, scope.window, scope.engines, wanted, scope.detection.brands);
}

const promptWindow = (totals: RunTotals | undefined, { detection }: AnalyticsScope): WindowMetrics =>
  finalizeRunTotals(totals ?? emptyRunTotals(detection.brands));

type Figures = Omit<ReportPrompt, 'id' | 'country' | 'prompt' | 'volume' | 'tags'>;

/** One prompt's mentions, domain citations and rank over the window. Pure. */
function promptFigures(window: WindowMetrics): Figures {
  const [main, ...competitors] = window.brands;
  const rank = window.runs === 0 ? null : (rankBrands(window.brands).find(({ isMainBrand }) => isMainBrand)?.rank ?? null);
  const mentionedRuns = main?.mentionedRuns ?? 0;
  return {
    rank,
    brandMentions: main?.mentions ?? 0,
    domainMentions: main?.domainCitations ?? 0,
    competitors: competitors.map(({ brand, mentions, domainCitations }) => ({ brand, brandMentions: mentions, domainMentions: domainCitations })),
    runs: window.runs,
    mentionedRuns,
    brandCoverage: main?.brandCoverage ?? 0,
    brandCoverageInterval: wilsonInterval(mentionedRuns, window.runs),
    citations: window.domainCategories.reduce((sum, { value }) => sum + value, 0),
  };
}

const SORT_KEYS: Record<PromptListQuery['sortBy'], (item: ReportPrompt) => number | string | null> = {
  brandMentions: (item) => item.brandMentions,
  domainMentions: (item) => item.domainMentions,
  volume: (item) => item.volume,
  rank: (item) => item.rank,
  prompt: (item) => item.prompt.toLowerCase(),
};

/** By the chosen key (a prompt without rank last either way), then by id. */
function ordering({ sortBy, sortOrder }: PromptListQuery): (left: ReportPrompt, right: ReportPrompt) => number {
  const key = SORT_KEYS[sortBy];
  const direction = sortOrder === 'asc' ? 1 : -1;
  return (left, right) => {
    const [a, b] = [key(left), key(right)];
    const primary = a === b ? 0 : a === null ? 1 : b === null ? -1 : (a < b ? -1 : 1) * direction;
    return primary || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);
  };
}

/** The tags of each prompt, resolved in one read, sorted by name then id like a report's tags. */
async function tagsByPrompt(services: Services, prompts: readonly PromptDoc[]): Promise<(prompt: PromptDoc) => Tag[]> {
  const tagIds = [...new Set(prompts.flatMap(({ tagIds: ids }) => ids))];
  const tags = tagIds.length === 0 ? [] : await (await directoryCollection(services, 'tags')).find({ _id: { $in: tagIds } });
  const byId = new Map(tags.map(({ _id, name, color }) => [_id, { id: _id, name, color }]));
  return ({ tagIds: ids }) =>
    ids
      .map((id) => byId.get(id))
      .filter((tag) => tag !== undefined)
      .sort(byTagName);
}

/** One item per prompt of the report in the country, searched, sorted and paged. */
export async function listBrandReportPrompts(services: Services, report: BrandReportDoc, query: PromptListQuery) {
  const scope = await analyticsScope(services, report, query);
  const search = query.search?.toLowerCase();
  const prompts = search === undefined ? scope.prompts : scope.prompts.filter(({ text }) => text.toLowerCase().includes(search));
  const totals = prompts.length === 0 ? new Map<string, RunTotals>() : await windowPromptTotals(services, scope, prompts);
  const tagsOf = await tagsByPrompt(services, prompts);
  const items: ReportPrompt[] = prompts.map((prompt) => ({
    id: prompt._id,
    country: prompt.country,
    prompt: prompt.text,
    volume: prompt.intentVolume ?? 0,
    tags: tagsOf(prompt),
    ...promptFigures(promptWindow(totals.get(prompt._id), scope)),
  }));
  return countedPage(items.sort(ordering(query)), query);
}
