/** Pure helpers of the alerts screen: what each watch kind looks for, and how an alert's figures read. */
import type { FieldIssue } from '../api/client.js';
import type { WatchKind } from '../api/types.js';
import type { BrandSentence, CrawlerVerdict } from '../../../src/domain/alerts/evaluate.js';
import type { CoverageStatistics, WindowCounts } from '../../../src/domain/alerts/statistics.js';

/** Every kind of watch, in the API's order, with what raises an alert of it. */
export const WATCH_KINDS: Record<WatchKind, { label: string; raises: string }> = {
  coverage_drop: {
    label: 'Coverage drop',
    raises: "the brand's coverage over the last 7 days with runs falls at least the threshold below the 28 days before, with p < 0.05",
  },
  coverage_rise: { label: 'Coverage rise', raises: "the brand's coverage rises at least the threshold above the baseline, with p < 0.05" },
  competitor_surge: { label: 'Competitor surge', raises: "a competitor's coverage rises at least the threshold above the baseline, with p < 0.05" },
  negative_sentiment: { label: 'Negative sentiment', raises: 'an answer of the newest day says something negative about the brand' },
  new_untracked_brand: { label: 'New untracked brand', raises: 'a name the report does not track enters the top 10 of the names the answers put forward' },
  crawler_blocked: { label: 'Crawler blocked', raises: "the newest crawlability check of the brand's domain blocks an AI crawler the previous one allowed" },
  agent_visits_drop: { label: 'Agent visits drop', raises: "AI-agent visits of the last 7 days fall to half or less of the baseline's daily mean" },
};

export const watchKindOrder = Object.keys(WATCH_KINDS) as WatchKind[];

/** The kinds whose `threshold` counts: the coverage kinds of the z-test. */
export const usesThreshold = (kind: WatchKind): boolean => kind === 'coverage_drop' || kind === 'coverage_rise' || kind === 'competitor_surge';

/** A p-value as a reader compares it with 0.05: three decimals, or three significant digits in e-notation below 0.001. */
export function formatPValue(pValue: number): string {
  if (pValue === 0) return '0';
  return pValue < 0.001 ? pValue.toExponential(2) : pValue.toFixed(3);
}

/** An alert's statistics, which the API types as a record: the z-test's when its `test` says so. */
export function coverageStatisticsOf(statistics: Record<string, unknown>): CoverageStatistics | null {
  return statistics.test === 'two-proportion z' ? (statistics as unknown as CoverageStatistics) : null;
}

/** One figure of an alert's statistics or evidence: its dotted path below the alert and its raw value. */
export interface Leaf {
  path: string;
  value: number | string | null;
}

/**
 * The scalar figures of a record, depth first with their dotted paths (`current.runs`); an array of scalars is one
 * figure, as the API's value joined. Used for the statistics of kinds without a layout of their own.
 */
export function leavesOf(record: Record<string, unknown>, prefix = ''): Leaf[] {
  return Object.entries(record).flatMap(([key, value]): Leaf[] => {
    const path = `${prefix}${key}`;
    if (value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return [{ path, value: typeof value === 'boolean' ? String(value) : value }];
    if (Array.isArray(value)) return value.every((item) => typeof item !== 'object' || item === null) ? [{ path, value: value.join(',') }] : [];
    if (typeof value === 'object') return leavesOf(value as Record<string, unknown>, `${path}.`);
    return [];
  });
}

/** A leaf's path as words: `current.dailyMean` reads "current daily mean". */
export function leafLabel(path: string): string {
  return path
    .split('.')
    .map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' ');
}

/** The evidence of each kind as the alerts process writes it (src/app/alerts). */
export interface PromptMove {
  promptId: string;
  current: WindowCounts;
  baseline: WindowCounts;
  change: number;
}
export interface CoverageEvidence {
  brand: string;
  engines: string[] | null;
  prompts: PromptMove[];
}
export interface SentimentEvidence {
  engines: string[] | null;
  sentences: BrandSentence[];
}
export interface CrawlerEvidence {
  domain: string;
  url: string;
  checkId: string;
  previousCheckId: string;
  crawlers: CrawlerVerdict[];
}
export interface NamesEvidence {
  names: string[];
  engines: string[] | null;
}
export interface VisitsEvidence {
  days: Array<{ day: string; visits: number }>;
}

/** The fields of a watch as the form holds them, before they become `POST …/watches`'s body. */
export interface WatchForm {
  kind: string;
  engines: string[];
  threshold: string;
  competitor: string;
}

/** The body of `POST …/watches`: fields left empty are left out, so the API's defaults apply (all engines, 5 points, every competitor). */
export function watchBody({ kind, engines, threshold, competitor }: WatchForm): Record<string, unknown> {
  return {
    kind,
    ...(engines.length > 0 ? { engines } : {}),
    ...(threshold.trim() === '' ? {} : { threshold: Number(threshold) }),
    ...(competitor === '' ? {} : { competitor }),
  };
}

/** A 400's issues of one field (`engines.0` counts as `engines`), for the message beside that field. */
export function issuesOf(issues: readonly FieldIssue[], field: string): string[] {
  return issues.filter(({ path }) => path === field || path.startsWith(`${field}.`)).map(({ message }) => message);
}
