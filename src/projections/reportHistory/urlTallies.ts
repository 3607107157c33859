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
import type { Services } from '../../app/shared/services.js';
import type { Window } from '../../app/shared/window.js';
import type { AnalyticsScope } from '../../app/brandReports/history/analyticsScope.js';
import { reportCitationDays, reportCitationSpans, scopePromptDays } from '../../app/brandReports/history/daySlices.js';

/** A prompt whose runs cited a URL (contract.md section 4, cited-URL prompt entry), with its citing runs. */
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
async function reportTallies(services: Services, scope: AnalyticsScope): Promise<Map<string, UrlTally>> {
  const sums = new Map<string, ReportUrlSum>();
  for (const { urls } of await reportCitationSpans(services, scope)) sumReportUrls(sums, urls);
  const tally = fromReportSum(scope.version.promptIds);
  return new Map([...sums].map(([url, sum]) => [url, tally(sum)]));
}

interface PromptTally {
  citingRuns: number;
  brandMentioned: number;
  engines: Set<string>;
}

/** From the prompt days: exact under engine and tag filters, at the cost of one document per prompt and day. */
async function promptDayTallies(services: Services, scope: AnalyticsScope): Promise<Map<string, UrlTally>> {
  const merged = new Map<string, { totals: CitedUrlTotals; byPrompt: Map<string, PromptTally> }>();
  for (const { promptId, engines } of await scopePromptDays(services, scope)) {
    for (const { engine, citedUrls } of engines) {
      if (scope.engines && !scope.engines.has(engine)) continue;
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

/**
 * The cited URLs of the scope's window. Without filters they come from the report-level aggregates (one
 * document a day); an engine or tag filter reads the prompt days, which know each prompt's runs per engine.
 */
export async function urlTallies(services: Services, scope: AnalyticsScope): Promise<Map<string, UrlTally>> {
  return scope.narrowed || scope.engines ? promptDayTallies(services, scope) : reportTallies(services, scope);
}

/** One URL's citations on one day (or in the span starting that day), per engine, after the scope's filters. */
export interface DailyUrlCitations {
  day: string;
  url: string;
  domain: string;
  byEngine: Map<string, number>;
}

/**
 * Citation counts per URL and engine, per day (`daily`, what histories need) or per stored span (any
 * window total). The report-level aggregates keep citations per engine, so only a tag filter needs the
 * prompt days.
 */
export async function citationCounts(
  services: Services,
  scope: AnalyticsScope,
  window: Window,
  { daily, onlyUrl }: { daily: boolean; onlyUrl?: string },
): Promise<DailyUrlCitations[]> {
  const wanted = (engine: string) => !scope.engines || scope.engines.has(engine);
  const counts: DailyUrlCitations[] = [];
  if (!scope.narrowed) {
    const documents = daily ? await reportCitationDays(services, scope, window) : await reportCitationSpans(services, scope, window);
    for (const { day, urls } of documents) {
      for (const row of urls) {
        const { url, domain, citationsByEngine } = decodeReportUrl(row);
        if (onlyUrl !== undefined && url !== onlyUrl) continue;
        const byEngine = new Map(Object.entries(citationsByEngine).filter(([engine]) => wanted(engine)));
        if (byEngine.size > 0) counts.push({ day, url, domain, byEngine });
      }
    }
    return counts;
  }
  for (const { day, engines } of await scopePromptDays(services, scope, window)) {
    for (const { engine, citedUrls } of engines.filter(({ engine: candidate }) => wanted(candidate))) {
      for (const { url, domain, citations } of citedUrls.map(decodeCitedUrl)) {
        if (onlyUrl === undefined || url === onlyUrl) counts.push({ day, url, domain, byEngine: new Map([[engine, citations]]) });
      }
    }
  }
  return counts;
}
