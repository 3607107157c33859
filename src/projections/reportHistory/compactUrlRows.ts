import { ENGINES, type EngineId } from '../../domain/shared/engines.js';

/**
 * The stored form of cited URLs: rows of one prompt's day per engine (`CitedUrlRow`), and rows of a whole
 * report's day over all engines (`ReportUrlRow`), which add citations per engine and which prompts cited the
 * URL. Like `compactRows.ts`, this is the only code that knows their columns.
 */

/** What a set of runs knows of one cited URL. */
export interface CitedUrlTotals {
  /** Normalized. */
  url: string;
  domain: string;
  citations: number;
  citingRuns: number;
  /** Citing runs that mention the main brand. */
  brandMentionedRuns: number;
  /** Citing runs that mention each competitor, in report order. */
  competitorMentionedRuns: number[];
  /** The title of its latest citation (by run date; the greater title on a tie, whatever the order seen). */
  title: string;
  titleDate: string;
}

/** Columns of a cited-URL row, in stored order. */
const CITED_URL_COLUMNS = ['url', 'domain', 'citations', 'citingRuns', 'brandMentionedRuns', 'competitorMentionedRuns', 'title', 'titleDate'] as const;
export type CitedUrlRow = [string, string, number, number, number, number[], string, string];

export const encodeCitedUrl = (cited: CitedUrlTotals): CitedUrlRow => CITED_URL_COLUMNS.map((column) => cited[column]) as CitedUrlRow;

export function decodeCitedUrl(row: CitedUrlRow): CitedUrlTotals {
  const [url, domain, citations, citingRuns, brandMentionedRuns, competitorMentionedRuns, title, titleDate] = row;
  return { url, domain, citations, citingRuns, brandMentionedRuns, competitorMentionedRuns: [...competitorMentionedRuns], title, titleDate };
}

/** Adds `addition` into `into` (same URL). */
export function addCitedUrlTotals(into: CitedUrlTotals, addition: CitedUrlTotals): void {
  into.citations += addition.citations;
  into.citingRuns += addition.citingRuns;
  into.brandMentionedRuns += addition.brandMentionedRuns;
  addition.competitorMentionedRuns.forEach((runs, index) => (into.competitorMentionedRuns[index] = (into.competitorMentionedRuns[index] ?? 0) + runs));
  if (addition.titleDate > into.titleDate || (addition.titleDate === into.titleDate && addition.title > into.title)) {
    into.title = addition.title;
    into.titleDate = addition.titleDate;
  }
}

/** Merges cited-URL rows by URL, adding their counts. */
export function addCitedUrls(into: readonly CitedUrlRow[], additions: readonly CitedUrlRow[]): CitedUrlRow[] {
  const merged = new Map(into.map(decodeCitedUrl).map((cited) => [cited.url, cited]));
  for (const addition of additions.map(decodeCitedUrl)) {
    const existing = merged.get(addition.url);
    if (existing) addCitedUrlTotals(existing, addition);
    else merged.set(addition.url, addition);
  }
  return [...merged.values()].map(encodeCitedUrl);
}

/** One prompt's runs that cited a URL, in a report-level row. */
export interface UrlPromptTotals {
  /** Index of the prompt in its report version's `promptIds`. */
  promptIndex: number;
  /** The engines whose runs cited it: bit i is `ENGINES[i]`. */
  engineMask: number;
  citingRuns: number;
  brandMentionedRuns: number;
}

/**
 * A report-level row's prompts, packed into one string (`index.mask.runs.mentioned` in base 36, space
 * separated): a popular URL is cited by most prompts every day, and a query decodes the prompts only of the
 * URLs on the page it answers, so the rest is read as one string.
 */
export type PackedPrompts = string;

const PROMPT_FIELDS = ['promptIndex', 'engineMask', 'citingRuns', 'brandMentionedRuns'] as const;

export function packPrompts(prompts: Iterable<UrlPromptTotals>): PackedPrompts {
  return [...prompts].map((prompt) => PROMPT_FIELDS.map((field) => prompt[field].toString(36)).join('.')).join(' ');
}

const CHAR_0 = 48;
const CHAR_9 = 57;
const CHAR_A = 97;
const FIELD_SEPARATOR = 46; // '.'
const ENTRY_SEPARATOR = 32; // ' '

/**
 * Reads packed prompts without splitting them into strings: a page of popular URLs over a quarter holds tens
 * of thousands of entries, and this is what a citation list spends its time on.
 */
function forEachPackedPrompt(packed: PackedPrompts, visit: (fields: number[]) => void): void {
  const fields = [0, 0, 0, 0];
  let field = 0;
  for (let at = 0; at <= packed.length; at++) {
    const code = at === packed.length ? ENTRY_SEPARATOR : packed.charCodeAt(at);
    if (code === FIELD_SEPARATOR) field += 1;
    else if (code === ENTRY_SEPARATOR) {
      if (at > 0) visit(fields);
      fields.fill(0);
      field = 0;
    } else fields[field] = (fields[field] ?? 0) * 36 + (code <= CHAR_9 ? code - CHAR_0 : code - CHAR_A + 10);
  }
}

/** Adds one prompt's entry, OR-ing its engines into the prompt's. */
export function addUrlPrompt(into: Map<number, UrlPromptTotals>, promptIndex: number, engineMask: number, citingRuns: number, brandMentionedRuns: number): void {
  const existing = into.get(promptIndex);
  if (!existing) into.set(promptIndex, { promptIndex, engineMask, citingRuns, brandMentionedRuns });
  else {
    existing.engineMask |= engineMask;
    existing.citingRuns += citingRuns;
    existing.brandMentionedRuns += brandMentionedRuns;
  }
}

/** Adds packed prompt entries by prompt, without decoding them into objects first. */
export function addPackedPrompts(into: Map<number, UrlPromptTotals>, packed: PackedPrompts): void {
  forEachPackedPrompt(packed, ([promptIndex = 0, engineMask = 0, citingRuns = 0, brandMentionedRuns = 0]) =>
    addUrlPrompt(into, promptIndex, engineMask, citingRuns, brandMentionedRuns),
  );
}

export const engineBit = (engine: string): number => 1 << ENGINES.indexOf(engine as EngineId);

export const enginesOfMask = (mask: number): EngineId[] => ENGINES.filter((_, index) => (mask & (1 << index)) !== 0);

/** What a report knows of one cited URL on one day, over all its prompts and engines. */
export interface ReportUrlTotals extends CitedUrlTotals {
  citationsByEngine: Partial<Record<EngineId, number>>;
  prompts: PackedPrompts;
}

const REPORT_URL_COLUMNS = [...CITED_URL_COLUMNS, 'citationsByEngine', 'prompts'] as const;
export type ReportUrlRow = [...CitedUrlRow, Partial<Record<EngineId, number>>, PackedPrompts];

export const encodeReportUrl = (cited: ReportUrlTotals): ReportUrlRow => REPORT_URL_COLUMNS.map((column) => cited[column]) as ReportUrlRow;

export function decodeReportUrl(row: ReportUrlRow): ReportUrlTotals {
  const [url, domain, citations, citingRuns, brandMentionedRuns, competitorMentionedRuns, title, titleDate, citationsByEngine, prompts] = row;
  const cited = decodeCitedUrl([url, domain, citations, citingRuns, brandMentionedRuns, competitorMentionedRuns, title, titleDate]);
  return { ...cited, citationsByEngine: { ...citationsByEngine }, prompts };
}

/** One URL over many report-level rows: counts summed, its prompts still packed (decoded when asked for). */
export interface ReportUrlSum extends CitedUrlTotals {
  packedPrompts: PackedPrompts[];
}

/**
 * Adds report-level rows into per-URL sums. A 90-day list reads thousands of rows; they are added column by
 * column rather than decoded into objects first.
 */
export function sumReportUrls(into: Map<string, ReportUrlSum>, rows: readonly ReportUrlRow[]): void {
  for (const [url, domain, citations, citingRuns, brandMentionedRuns, competitorMentionedRuns, title, titleDate, , prompts] of rows) {
    const sum = into.get(url);
    if (!sum) {
      into.set(url, { url, domain, citations, citingRuns, brandMentionedRuns, competitorMentionedRuns: [...competitorMentionedRuns], title, titleDate, packedPrompts: [prompts] });
      continue;
    }
    sum.citations += citations;
    sum.citingRuns += citingRuns;
    sum.brandMentionedRuns += brandMentionedRuns;
    competitorMentionedRuns.forEach((runs, index) => (sum.competitorMentionedRuns[index] = (sum.competitorMentionedRuns[index] ?? 0) + runs));
    if (titleDate > sum.titleDate || (titleDate === sum.titleDate && title > sum.title)) {
      sum.title = title;
      sum.titleDate = titleDate;
    }
    sum.packedPrompts.push(prompts);
  }
}
