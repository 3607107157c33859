import { z } from 'zod';
import type { Principal } from '../../shared/principal.js';
import type { Services } from '../../shared/services.js';
import { directoryCollection } from '../../shared/directory.js';
import { windowOf, type ListRange, type ListWindow } from '../../shared/paging.js';
import { readableReport, windowDays } from './history.js';
import type { Window } from '../../shared/window.js';
import { decodeCitedUrl } from '../../../projections/reportHistory/compactUrlRows.js';
import type { DayDoc } from '../../../projections/reportHistory/reader.js';

export const citedUrlPromptSchema = z
  .object({ id: z.string(), prompt: z.string(), engines: z.array(z.string()), brandMentioned: z.number() })
  .meta({ id: 'CitedUrlPrompt' });

export type CitedUrlPrompt = z.output<typeof citedUrlPromptSchema>;

export interface CitedUrlPromptsQuery extends Window {
  /** Already normalized (contract.md section 4). */
  url: string;
  engines?: readonly string[] | undefined;
  tagId?: string | undefined;
  limit: number;
  offset: number;
}

interface Tally {
  engines: Set<string>;
  citingRuns: number;
  brandMentioned: number;
}

function tallyByPrompt(days: readonly DayDoc[], url: string, engines: ReadonlySet<string> | null): Map<string, Tally> {
  const byPrompt = new Map<string, Tally>();
  for (const day of days) {
    for (const engineDay of day.engines) {
      if (engines && !engines.has(engineDay.engine)) continue;
      const cited = engineDay.citedUrls.map(decodeCitedUrl).find((candidate) => candidate.url === url);
      if (!cited) continue;
      const { citingRuns, brandMentionedRuns } = cited;
      const tally = byPrompt.get(day.promptId) ?? { engines: new Set<string>(), citingRuns: 0, brandMentioned: 0 };
      tally.engines.add(engineDay.engine);
      tally.citingRuns += citingRuns;
      tally.brandMentioned += brandMentionedRuns;
      byPrompt.set(day.promptId, tally);
    }
  }
  return byPrompt;
}

/**
 * Prompts of the report whose runs cited the URL in the window: `engines` are the distinct engines that cited
 * it, `brandMentioned` the citing runs that mention the main brand. Most citing runs first, then prompt id.
 */
export async function citedUrlPromptsWindow(
  services: Services,
  principal: Principal,
  reportId: string,
  query: Omit<CitedUrlPromptsQuery, 'limit' | 'offset'>,
  range: ListRange,
): Promise<ListWindow<CitedUrlPrompt>> {
  const { report, version } = await readableReport(services, principal, reportId);
  const prompts = await (await directoryCollection(services, 'prompts')).find({ _id: { $in: report.prompts.map(({ promptId }) => promptId) } });
  const eligible = query.tagId ? prompts.filter(({ tagIds }) => tagIds.includes(query.tagId ?? '')) : prompts;
  const days = await windowDays(services, version, query, eligible.map(({ _id }) => _id));
  const tallies = tallyByPrompt(days, query.url, query.engines?.length ? new Set(query.engines) : null);
  const textById = new Map(eligible.map(({ _id, text }) => [_id, text]));
  const ordered = [...tallies]
    .sort(([leftId, left], [rightId, right]) => right.citingRuns - left.citingRuns || (leftId < rightId ? -1 : 1))
    .map(([id, tally]) => ({ id, prompt: textById.get(id) ?? '', engines: [...tally.engines].sort(), brandMentioned: tally.brandMentioned }));
  return windowOf(ordered, range);
}
