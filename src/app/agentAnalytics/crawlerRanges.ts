import { CRAWLER_RANGES_STREAM, rangeTableAfter, type CrawlerRangesEvent } from '../../domain/crawlers/events.js';
import { overrideCounts } from '../../domain/crawlers/ranges.js';
import { compileRanges, type CompiledRanges } from '../../domain/crawlers/verify.js';
import type { EventStore, Position } from '../../ports/eventStore.js';
import { nowIso, type AppContext } from '../shared/context.js';

/** Where a replacement's ranges come from, as the range table names it. */
const OVERRIDE_SOURCE = 'geolens crawlers ranges --file';

/**
 * Replaces the named agents' ranges for visits ingested from now on (`geolens crawlers ranges --file F`).
 * `agents` is already validated (catalog names, CIDRs). Appended to one stream that every process reads.
 */
export async function replaceCrawlerRanges(
  context: AppContext,
  agents: Record<string, string[]>,
): Promise<{ agents: number; ranges: number; position: Position | null }> {
  const counts = overrideCounts(new Map(Object.entries(agents)));
  if (counts.agents === 0) return { ...counts, position: null };
  const event: CrawlerRangesEvent = {
    type: 'CrawlerRangesReplaced',
    data: { agents, source: `${OVERRIDE_SOURCE} (${nowIso(context)})`, replacedDate: nowIso(context) },
  };
  const { position } = await context.eventStore.append(CRAWLER_RANGES_STREAM, [event], { expectedRevision: 'any' });
  return { ...counts, position };
}

/** The revision of the ranges in force now: the last replacement's, or null when the snapshot stands alone. */
export async function currentRangesRevision(eventStore: EventStore): Promise<number | null> {
  const events = await eventStore.readStream(CRAWLER_RANGES_STREAM);
  const last = events.at(-1);
  return last === undefined ? null : Number(last.revision);
}

/** The ranges in force at `revision` (null: the shipped snapshot), compiled for lookups. */
export async function compiledRangesAt(eventStore: EventStore, revision: number | null): Promise<CompiledRanges> {
  const events = revision === null ? [] : await eventStore.readStream(CRAWLER_RANGES_STREAM, { maxCount: revision + 1 });
  return compileRanges(rangeTableAfter(events.map((event) => ({ type: event.type, data: event.data }) as CrawlerRangesEvent)));
}
