import type { DomainEvent } from '../shared/decider.js';
import { mergeRangeOverrides, SNAPSHOT_RANGES, type RangeTable } from './ranges.js';

/** One stream for the whole service: every process folds it into the ranges it verifies visits with. */
export const CRAWLER_RANGES_STREAM = 'crawlerRanges';

/**
 * `geolens crawlers ranges --file F`: the named agents' ranges replace the shipped snapshot's (and any earlier
 * replacement) for visits ingested from then on. `agents` is keyed by the catalog's spelling of each name.
 */
export type CrawlerRangesReplaced = DomainEvent<
  'CrawlerRangesReplaced',
  { agents: Record<string, string[]>; source: string; replacedDate: string }
>;

export type CrawlerRangesEvent = CrawlerRangesReplaced;

/** The snapshot with every replacement applied in order: the ranges in force after `events`. */
export const rangeTableAfter = (events: readonly CrawlerRangesEvent[]): RangeTable =>
  events.reduce(
    (table, event) => mergeRangeOverrides(table, new Map(Object.entries(event.data.agents)), event.data.source),
    SNAPSHOT_RANGES,
  );
