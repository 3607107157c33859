import { z } from 'zod';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import type { Services } from '../../shared/services.js';
import { directoryCollection } from '../../shared/directory.js';
import { windowOf, type ListRange, type ListWindow } from '../../shared/paging.js';
import { readableReport } from './history.js';
import type { Window } from '../../shared/window.js';
import { historyReader } from '../../../projections/reportHistory/reader.js';

export const citedUrlPromptSchema = z
  .object({ id: z.string(), prompt: z.string(), engines: z.array(z.string()), brandMentioned: z.number() })
  .meta({ id: 'CitedUrlPrompt' });

export type CitedUrlPrompt = z.output<typeof citedUrlPromptSchema>;

export interface CitedUrlPromptsQuery extends Window {
  /** Already normalized. */
  url: string;
  engines?: readonly string[] | undefined;
  tagId?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Prompts of the report whose runs cited the URL in the window: `engines` are the distinct engines that cited
 * it, `brandMentioned` the citing runs that mention the main brand. Most citing runs first, then prompt id.
 */
export async function citedUrlPromptsWindow(
  services: Services,
  report: BrandReportDoc,
  query: Omit<CitedUrlPromptsQuery, 'limit' | 'offset'>,
  range: ListRange,
): Promise<ListWindow<CitedUrlPrompt>> {
  const { version } = await readableReport(services, report);
  const prompts = await (await directoryCollection(services, 'prompts')).find({ _id: { $in: report.prompts.map(({ promptId }) => promptId) } });
  const eligible = query.tagId ? prompts.filter(({ tagIds }) => tagIds.includes(query.tagId ?? '')) : prompts;
  const engines = query.engines?.length ? new Set(query.engines) : null;
  const tallies = await historyReader(services.readModels).urlPromptTallies(version, query, eligible.map(({ _id }) => _id), query.url, engines);
  const textById = new Map(eligible.map(({ _id, text }) => [_id, text]));
  const ordered = [...tallies]
    .sort(([leftId, left], [rightId, right]) => right.citingRuns - left.citingRuns || (leftId < rightId ? -1 : 1))
    .map(([id, tally]) => ({ id, prompt: textById.get(id) ?? '', engines: [...tally.engines].sort(), brandMentioned: tally.brandMentioned }));
  return windowOf(ordered, range);
}
