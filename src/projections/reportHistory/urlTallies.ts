import {
  addCitedUrlTotals,
  addPackedPrompts,
  decodeCitedUrl,
  decodeReportUrl,
  enginesOfMask,
  sumReportUrls,
  type CitedUrlTotals,
  type ReportUrlSum,
  type UrlPromptTotals,
} from './compactUrlRows.js';
import type { DayDoc } from './dayDocument.js';
import type { ReportCitationsDoc } from './reportDocuments.js';
import type { HistoryFilter } from './windowSlices.js';

/** A prompt whose runs cited a URL (a cited-URL prompt entry), with its citing runs. */
export interface UrlPromptEntry {
  id: string;
  brandMentioned: number;
  engines: string[];
  citingRuns: number;
}

/** Everything the window knows of one cited URL; its prompts are resolved only when asked for. */
export interface UrlTally extends CitedUrlTotals {
  prompts(): UrlPromptEntry[];
}

const byCitingRuns = (left: UrlPromptEntry, right: UrlPromptEntry): number =>
  right.citingRuns - left.citingRuns || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);

function fromReportSum(promptIds: readonly string[]) {
  return ({ packedPrompts, ...totals }: ReportUrlSum): UrlTally => ({
    ...totals,
    prompts() {
      const merged = new Map<number, UrlPromptTotals>();
      for (const prompts of packedPrompts) addPackedPrompts(merged, prompts);
      return [...merged.values()]
        .map(({ promptIndex, engineMask, citingRuns, brandMentionedRuns }) => ({
          id: promptIds[promptIndex] ?? '',
          brandMentioned: brandMentionedRuns,
          engines: enginesOfMask(engineMask).sort(),
          citingRuns,
        }))
        .sort(byCitingRuns);
    },
  });
}

/** From the report-level aggregates: every prompt of the country, every engine. */
export function reportUrlTallies(spans: readonly ReportCitationsDoc[], promptIds: readonly string[]): Map<string, UrlTally> {
  const sums = new Map<string, ReportUrlSum>();
  for (const { urls } of spans) sumReportUrls(sums, urls);
  const tally = fromReportSum(promptIds);
  return new Map([...sums].map(([url, sum]) => [url, tally(sum)]));
}

interface PromptTally {
  citingRuns: number;
  brandMentioned: number;
  engines: Set<string>;
}

/** From the prompt days: exact under engine and tag filters, at the cost of one document per prompt and day. */
export function promptDayUrlTallies(days: readonly DayDoc[], engineFilter: HistoryFilter['engines']): Map<string, UrlTally> {
  const merged = new Map<string, { totals: CitedUrlTotals; byPrompt: Map<string, PromptTally> }>();
  for (const { promptId, engines } of days) {
    for (const { engine, citedUrls } of engines) {
      if (engineFilter && !engineFilter.has(engine)) continue;
      for (const totals of citedUrls.map(decodeCitedUrl)) {
        const entry = merged.get(totals.url) ?? { totals: { ...totals, citations: 0, citingRuns: 0, brandMentionedRuns: 0, competitorMentionedRuns: [] }, byPrompt: new Map() };
        merged.set(totals.url, entry);
        addCitedUrlTotals(entry.totals, totals);
        const prompt = entry.byPrompt.get(promptId) ?? { citingRuns: 0, brandMentioned: 0, engines: new Set<string>() };
        prompt.citingRuns += totals.citingRuns;
        prompt.brandMentioned += totals.brandMentionedRuns;
        prompt.engines.add(engine);
        entry.byPrompt.set(promptId, prompt);
      }
    }
  }
  return new Map(
    [...merged].map(([url, { totals, byPrompt }]) => [
      url,
      {
        ...totals,
        prompts: () =>
          [...byPrompt]
            .map(([id, { citingRuns, brandMentioned, engines }]) => ({ id, brandMentioned, engines: [...engines].sort(), citingRuns }))
            .sort(byCitingRuns),
      },
    ]),
  );
}

/** One URL's citations on one day (or in the span starting that day), per engine, after the scope's filters. */
export interface DailyUrlCitations {
  day: string;
  url: string;
  domain: string;
  byEngine: Map<string, number>;
}

/** Citation counts per URL and engine of each report-level document (a day or a stored span), after the engine filter. */
export function reportCitationCounts(documents: readonly ReportCitationsDoc[], engines: HistoryFilter['engines'], onlyUrl?: string): DailyUrlCitations[] {
  const counts: DailyUrlCitations[] = [];
  for (const { day, urls } of documents) {
    for (const row of urls) {
      const { url, domain, citationsByEngine } = decodeReportUrl(row);
      if (onlyUrl !== undefined && url !== onlyUrl) continue;
      const byEngine = new Map(Object.entries(citationsByEngine).filter(([engine]) => !engines || engines.has(engine)));
      if (byEngine.size > 0) counts.push({ day, url, domain, byEngine });
    }
  }
  return counts;
}

/** Citation counts per URL, engine and day of prompt days, after the engine filter: what a tag filter reads. */
export function promptDayCitationCounts(days: readonly DayDoc[], engines: HistoryFilter['engines'], onlyUrl?: string): DailyUrlCitations[] {
  const counts: DailyUrlCitations[] = [];
  for (const { day, engines: sections } of days) {
    for (const { engine, citedUrls } of sections.filter(({ engine: candidate }) => !engines || engines.has(candidate))) {
      for (const { url, domain, citations } of citedUrls.map(decodeCitedUrl)) {
        if (onlyUrl === undefined || url === onlyUrl) counts.push({ day, url, domain, byEngine: new Map([[engine, citations]]) });
      }
    }
  }
  return counts;
}

/** A prompt's runs that cited one URL in a window, over the selected engines. */
export interface UrlPromptTally {
  engines: Set<string>;
  citingRuns: number;
  brandMentioned: number;
}

/** Per prompt, its runs that cited `url` in the prompt days, over the selected engines. */
export function urlTallyByPrompt(days: readonly DayDoc[], url: string, engines: HistoryFilter['engines']): Map<string, UrlPromptTally> {
  const byPrompt = new Map<string, UrlPromptTally>();
  for (const day of days) {
    for (const engineDay of day.engines) {
      if (engines && !engines.has(engineDay.engine)) continue;
      const cited = engineDay.citedUrls.map(decodeCitedUrl).find((candidate) => candidate.url === url);
      if (!cited) continue;
      const tally = byPrompt.get(day.promptId) ?? { engines: new Set<string>(), citingRuns: 0, brandMentioned: 0 };
      tally.engines.add(engineDay.engine);
      tally.citingRuns += cited.citingRuns;
      tally.brandMentioned += cited.brandMentionedRuns;
      byPrompt.set(day.promptId, tally);
    }
  }
  return byPrompt;
}

/** Cited domains of report-level documents, most cited first (then by name). */
export function domainsByCitations(documents: readonly ReportCitationsDoc[]): string[] {
  const counts = new Map<string, number>();
  for (const { urls } of documents) {
    for (const { domain, citations } of urls.map(decodeReportUrl)) counts.set(domain, (counts.get(domain) ?? 0) + citations);
  }
  return [...counts].sort(([left, leftCount], [right, rightCount]) => rightCount - leftCount || (left < right ? -1 : 1)).map(([domain]) => domain);
}
