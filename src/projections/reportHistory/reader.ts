import type { RunTotals, TrackedBrand } from '../../domain/analysis/index.js';
import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { addCompactTotals, decodePromptTotals, decodeTotals, emptyCompactTotals, type CompactTotals, type NameTotals } from './compactRows.js';
import type { DayDoc } from './dayDocument.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { addDays } from '../../domain/shared/days.js';
import { addDecodedEvidence, decodeEvidence, inDateOrder, type EvidenceDoc, type EvidenceRevisionDoc, type WindowEvidence } from './evidenceDocument.js';
import { EvidenceDayCache } from './evidenceCache.js';
import { REPORT_HISTORY, reportHistoryProjection } from './projection.js';
import { ALL_ENGINES, type PromptTotalsDoc } from './promptTotals.js';
import type { ReportCitationsDoc, ReportDayDoc } from './reportDocuments.js';
import { coveringSpans } from './spans.js';
import type { ReportVersionDoc } from './versions.js';
import { domainsByCitations, promptDayCitationCounts, promptDayUrlTallies, reportCitationCounts, reportUrlTallies, urlTallyByPrompt } from './urlTallies.js';
import type { DailyUrlCitations, UrlPromptTally, UrlTally } from './urlTallies.js';
import { promptDayTotals, reportDayNames, windowSlices, type HistoryFilter, type WindowSlices } from './windowSlices.js';

export type { DayDoc } from './dayDocument.js';
export type { WindowEvidence } from './evidenceDocument.js';
export type { ReportCitationsDoc, ReportDayDoc } from './reportDocuments.js';
export type { NameTotals } from './compactRows.js';
export type { DailyUrlCitations, UrlPromptEntry, UrlPromptTally, UrlTally } from './urlTallies.js';
export type { HistoryFilter, WindowDay, WindowSlices } from './windowSlices.js';
export { isReadableVersion, readableUntil, type ReportVersionDoc, type VersionState } from './versions.js';

/** One version of one report's history: every figure of an answer comes from one. */
export type VersionKey = Pick<ReportVersionDoc, 'reportId' | 'version'>;

/** What a query reads of a version: its key, and its prompts in the order stored rows index them. */
export type VersionPrompts = VersionKey & Pick<ReportVersionDoc, 'promptIds'>;

/** The days of one country a query reads, both ends included. */
export interface HistoryWindow {
  country: string;
  startDate: string;
  endDate: string;
}

const windowFilter = ({ reportId, version }: VersionKey, { country, startDate, endDate }: HistoryWindow) => ({
  reportId,
  version,
  country,
  day: { $gte: startDate, $lte: endDate },
});

/** Days of evidence read between two turns of the event loop: a few milliseconds of reading for a large report. */
const EVIDENCE_DAYS_PER_TURN = 3;

/**
 * The queries of the report history read model: which versions exist, and the documents of a version over a
 * window, read from the live version of the projection.
 */
export class HistoryReader {
  constructor(private readonly readModels: ReadModels) {}

  /** Every report's history versions: building, active, superseded, retired or failed. */
  versions(): Promise<Collection<ReportVersionDoc>> {
    return this.readModels.collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);
  }

  /** The report's active history version (the newest, should two be marked active), or undefined before its first. */
  async activeVersion(reportId: string): Promise<ReportVersionDoc | undefined> {
    const [active] = await (await this.versions()).find({ reportId, state: 'active' }, { sort: { version: -1 }, limit: 1 });
    return active;
  }

  /** Prompt days of the window, of `promptIds` only when given. */
  async promptDays(key: VersionKey, window: HistoryWindow, promptIds?: readonly string[]): Promise<DayDoc[]> {
    const days = await this.readModels.collection<DayDoc>(reportHistoryProjection, REPORT_HISTORY.days);
    const prompts = promptIds ? { promptId: promptIds.length === 1 ? promptIds[0] : { $in: [...promptIds] } } : {};
    return days.find({ ...windowFilter(key, window), ...prompts });
  }

  /** The report-level days of the window, in date order. */
  async reportDays(key: VersionKey, window: HistoryWindow): Promise<ReportDayDoc[]> {
    const days = await this.readModels.collection<ReportDayDoc>(reportHistoryProjection, REPORT_HISTORY.reportDays);
    return days.find(windowFilter(key, window), { sort: { day: 1 } });
  }

  /** The report's cited URLs of each day of the window, in date order: what daily series read. */
  async reportCitationDays(key: VersionKey, window: HistoryWindow): Promise<ReportCitationsDoc[]> {
    const citations = await this.readModels.collection<ReportCitationsDoc>(reportHistoryProjection, REPORT_HISTORY.reportCitations);
    return citations.find({ ...windowFilter(key, window), span: 'day' }, { sort: { day: 1 } });
  }

  /**
   * The report's cited URLs over the window in as few documents as cover it exactly: the weeks that lie
   * wholly inside it and the days before and after them. What window totals read.
   */
  async reportCitationSpans(key: VersionKey, window: HistoryWindow): Promise<ReportCitationsDoc[]> {
    const citations = await this.readModels.collection<ReportCitationsDoc>(reportHistoryProjection, REPORT_HISTORY.reportCitations);
    const found: ReportCitationsDoc[] = [];
    for (const { span, from, to } of coveringSpans(window.startDate, window.endDate)) {
      found.push(...(await citations.find({ ...windowFilter(key, { ...window, startDate: from, endDate: to }), span })));
    }
    return found;
  }

  /** The report-level days and daily cited URLs of every country between two days, both included. */
  async everyCountry({ reportId, version }: VersionKey, startDate: string, endDate: string): Promise<{ days: ReportDayDoc[]; citationDays: ReportCitationsDoc[] }> {
    const filter = { reportId, version, day: { $gte: startDate, $lte: endDate } };
    const days = await this.readModels.collection<ReportDayDoc>(reportHistoryProjection, REPORT_HISTORY.reportDays);
    const citations = await this.readModels.collection<ReportCitationsDoc>(reportHistoryProjection, REPORT_HISTORY.reportCitations);
    return { days: await days.find(filter), citationDays: await citations.find({ ...filter, span: 'day' }) };
  }

  /**
   * Each of `promptIds`' totals over the window after the engine filter, by prompt id, named by `brands` (the
   * version's tracked brands). Summed in stored form, so a long window decodes one row set per prompt.
   */
  async windowPromptTotals(
    version: VersionPrompts,
    window: HistoryWindow,
    engines: ReadonlySet<string> | null,
    promptIds: ReadonlySet<string>,
    brands: readonly TrackedBrand[],
  ): Promise<Map<string, RunTotals>> {
    const sums = new Map<string, CompactTotals>();
    for (const row of (await this.promptTotals(version, window, engines)).flatMap(({ prompts }) => prompts)) {
      const { promptIndex, totals } = decodePromptTotals(row);
      const promptId = version.promptIds[promptIndex];
      if (promptId === undefined || !promptIds.has(promptId)) continue;
      sums.set(promptId, addCompactTotals(sums.get(promptId) ?? emptyCompactTotals(brands.length), totals));
    }
    return new Map([...sums].map(([promptId, totals]) => [promptId, decodeTotals(totals, brands)]));
  }

  /** The window after the filter, decoded: its days, its whole, per engine, and the names the answers put forward. */
  async windowSlices(version: VersionKey, window: HistoryWindow, filter: HistoryFilter, brands: readonly TrackedBrand[]): Promise<WindowSlices> {
    const documents = filter.narrowed ? { promptDays: await this.promptDays(version, window, filter.promptIds) } : { reportDays: await this.reportDays(version, window) };
    return windowSlices(documents, filter, brands);
  }

  /** One prompt's days of the window, decoded over all engines or the selected ones. */
  async promptDayTotals(version: VersionKey, window: HistoryWindow, promptId: string, brands: readonly TrackedBrand[], engines?: ReadonlySet<string>) {
    return promptDayTotals(await this.promptDays(version, window, [promptId]), brands, engines);
  }

  /**
   * The cited URLs of the window. Without filters they come from the report-level aggregates (one document a
   * day); an engine or tag filter reads the prompt days, which know each prompt's runs per engine.
   */
  async urlTallies(version: VersionPrompts, window: HistoryWindow, filter: HistoryFilter): Promise<Map<string, UrlTally>> {
    if (filter.narrowed || filter.engines) return promptDayUrlTallies(await this.promptDays(version, window, filter.promptIds), filter.engines);
    return reportUrlTallies(await this.reportCitationSpans(version, window), version.promptIds);
  }

  /**
   * Citation counts per URL and engine, per day (`daily`, what histories need) or per stored span (any window
   * total). The report-level aggregates keep citations per engine, so only a tag filter reads the prompt days.
   */
  async citationCounts(version: VersionKey, window: HistoryWindow, filter: HistoryFilter, { daily, onlyUrl }: { daily: boolean; onlyUrl?: string }): Promise<DailyUrlCitations[]> {
    if (filter.narrowed) return promptDayCitationCounts(await this.promptDays(version, window, filter.promptIds), filter.engines, onlyUrl);
    const documents = daily ? await this.reportCitationDays(version, window) : await this.reportCitationSpans(version, window);
    return reportCitationCounts(documents, filter.engines, onlyUrl);
  }

  /** Per prompt of `promptIds`, its runs that cited `url` in the window over the selected engines. */
  async urlPromptTallies(version: VersionKey, window: HistoryWindow, promptIds: readonly string[], url: string, engines: HistoryFilter['engines']): Promise<Map<string, UrlPromptTally>> {
    return urlTallyByPrompt(await this.promptDays(version, window, promptIds), url, engines);
  }

  /**
   * What recommendations quote over the window (`evidenceDocument.ts`): the runs they may quote, oldest first,
   * and each of `promptIds`' totals, over the selected engines (all when undefined). A day whose revision is
   * the one its decoded evidence is held under in this process is not read again (`EvidenceDayCache`); the
   * others are read a day per query, with the event loop's other work between every few: a month of a large
   * report is megabytes of documents, and the embedded store reads them synchronously. The prompts are picked
   * here, not in the query: the documents' index does not hold them, and a held day serves every tag filter.
   */
  async evidence(key: VersionKey, window: HistoryWindow, promptIds: readonly string[], engines: ReadonlySet<string> | undefined): Promise<WindowEvidence> {
    const evidence: WindowEvidence = { runs: [], totals: new Map() };
    if (promptIds.length === 0) return evidence;
    const revisionDocs = await (await this.readModels.collection<EvidenceRevisionDoc>(reportHistoryProjection, REPORT_HISTORY.evidenceRevisions)).find(windowFilter(key, window));
    const revisions = new Map(revisionDocs.map(({ day, revision }) => [day, revision]));
    const documents = await this.readModels.collection<EvidenceDoc>(reportHistoryProjection, REPORT_HISTORY.evidence);
    const cache = evidenceCacheOf(this.readModels);
    const prompts = new Set(promptIds);
    let readSinceTurn = 0;
    for (let day = window.startDate; day <= window.endDate; day = addDays(day, 1)) {
      const revision = revisions.get(day);
      const cacheKey = `${key.reportId}|${key.version}|${window.country}|${day}`;
      let decoded = revision === undefined ? undefined : cache.get(cacheKey, revision);
      if (!decoded) {
        if (readSinceTurn === EVIDENCE_DAYS_PER_TURN) {
          await nextTurn();
          readSinceTurn = 0;
        }
        decoded = (await documents.find(windowFilter(key, { ...window, startDate: day, endDate: day }))).map(decodeEvidence);
        readSinceTurn += 1;
        // A day written before revisions were kept has none: it is read every time until it leaves the window.
        if (revision !== undefined) cache.set(cacheKey, revision, decoded);
      }
      addDecodedEvidence(evidence, decoded.filter(({ promptId }) => prompts.has(promptId)), engines);
    }
    return inDateOrder(evidence);
  }

  /** Untracked names and cited domains (most cited first) of every country between two days, both included. */
  async mentionsEveryCountry(version: VersionKey, startDate: string, endDate: string): Promise<{ names: NameTotals[]; citedDomains: string[] }> {
    const { days, citationDays } = await this.everyCountry(version, startDate, endDate);
    return { names: reportDayNames(days), citedDomains: domainsByCitations(citationDays) };
  }

  /** The prompt totals covering the window: whole weeks and the days around them over all engines, or days per engine. */
  private async promptTotals(key: VersionKey, window: HistoryWindow, engines: ReadonlySet<string> | null): Promise<PromptTotalsDoc[]> {
    const collection = await this.readModels.collection<PromptTotalsDoc>(reportHistoryProjection, REPORT_HISTORY.promptTotals);
    const ranges = engines ? [{ span: 'day' as const, from: window.startDate, to: window.endDate }] : coveringSpans(window.startDate, window.endDate);
    const found: PromptTotalsDoc[] = [];
    for (const { span, from, to } of ranges) {
      const engine = engines ? { $in: [...engines] } : ALL_ENGINES;
      found.push(...(await collection.find({ ...windowFilter(key, { ...window, startDate: from, endDate: to }), span, engine })));
    }
    return found;
  }
}

/** Each read model set's decoded evidence, held for the process's life (a reader is made per request). */
const evidenceCaches = new WeakMap<ReadModels, EvidenceDayCache>();

function evidenceCacheOf(readModels: ReadModels): EvidenceDayCache {
  let cache = evidenceCaches.get(readModels);
  if (!cache) {
    cache = new EvidenceDayCache();
    evidenceCaches.set(readModels, cache);
  }
  return cache;
}

/** Drops the evidence this process holds for `readModels`: the next reads decode every day again. */
export function forgetHeldEvidence(readModels: ReadModels): void {
  evidenceCaches.delete(readModels);
}

export const historyReader = (readModels: ReadModels): HistoryReader => new HistoryReader(readModels);
