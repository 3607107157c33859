import type { DecodedEvidence } from './evidenceDocument.js';

/**
 * Kept runs a process holds decoded at most: a month of a report of 100 prompts on 7 engines is about 19,000,
 * and a held run takes about 700 bytes of heap (30 cited pages per document), so about 70 MB at the bound.
 */
export const EVIDENCE_CACHE_RUNS = 100_000;

interface CachedDay {
  revision: string;
  decoded: readonly DecodedEvidence[];
  runs: number;
}

/**
 * The evidence of the days recommendations read, decoded, per report version, country and day, each under the
 * revision read before its documents (`EvidenceRevisionDoc`): while a day's revision is unchanged it is not read
 * again, so a computed `/recommendations` reads the days that changed (today's, mostly) and not the month.
 * The least recently read days leave first once more than `maxRuns` kept runs are held.
 */
export class EvidenceDayCache {
  private readonly days = new Map<string, CachedDay>();
  private held = 0;

  constructor(private readonly maxRuns = EVIDENCE_CACHE_RUNS) {}

  /** Kept runs held now. */
  get heldRuns(): number {
    return this.held;
  }

  /** The day's decoded evidence if it was held under `revision`. */
  get(key: string, revision: string): readonly DecodedEvidence[] | undefined {
    const day = this.days.get(key);
    if (day?.revision !== revision) return undefined;
    this.days.delete(key);
    this.days.set(key, day);
    return day.decoded;
  }

  /** Holds the day's decoded evidence, read after its revision was; a day larger than the bound is not held. */
  set(key: string, revision: string, decoded: readonly DecodedEvidence[]): void {
    this.drop(key);
    const runs = decoded.reduce((sum, { runs: dayRuns }) => sum + dayRuns.length, 0);
    if (runs > this.maxRuns) return;
    this.days.set(key, { revision, decoded, runs });
    this.held += runs;
    for (const oldest of this.days.keys()) {
      if (this.held <= this.maxRuns) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const day = this.days.get(key);
    if (!day) return;
    this.days.delete(key);
    this.held -= day.runs;
  }
}
