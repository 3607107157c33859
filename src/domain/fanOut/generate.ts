import type { CountryCode } from '../shared/countries.js';
import type { EngineId } from '../shared/engines.js';
import { candidatesFor, type CandidateContext } from './candidates.js';
import { classifyFanOutQuery } from './classify.js';
import { profileQuestion } from './question.js';
import { FAN_OUT_QUERY_TYPES, type FanOutQuery, type FanOutQueryType } from './schema.js';
import { countryName } from './text.js';

/**
 * The offline stand-in for an engine's fan-out: plausible searches for a question,
 * shaped like the ones each engine runs. ChatGPT and Claude run a few keyword searches, usually dated and
 * comparing the leading brands; Gemini and Perplexity restate the question and add a need or two; Google's
 * AI Mode fans out widest (each engine's `FanOutStyle`, kept in its profile). Deterministic: the same question, engine, country and year give the same list.
 */

export interface GenerateFanOutRequest {
  question: string;
  engine: EngineId;
  country: CountryCode;
  /** The year a dated search adds ("best CRM 2025"); the caller's clock decides it. */
  year: number;
  /** Brands an answer to the question would name; comparisons and brand searches draw on them. */
  relatedNames?: readonly string[];
}

/** How one engine fans a question out (its profile's `fanOut.style`); every count stays within 3 to 12. */
export interface FanOutStyle {
  count: readonly [min: number, max: number];
  /** The types in the order the engine tends to search; cycled when the count needs more. */
  sequence: readonly FanOutQueryType[];
  /** Whether the engine writes the searcher's country into its searches rather than only locating them. */
  localizesInWords: boolean;
}

export function generateFanOut(request: GenerateFanOutRequest, style: FanOutStyle): FanOutQuery[] {
  const relatedNames = request.relatedNames ?? [];
  const context: CandidateContext = {
    profile: profileQuestion(request.question),
    year: request.year,
    place: style.localizesInWords && request.country !== 'us' ? countryName(request.country) : undefined,
    relatedNames,
  };
  const seed = `${request.question}\u0000${request.engine}\u0000${request.country}`;
  const [min, max] = style.count;
  const count = min + (hash(`${seed}\u0000count`) % (max - min + 1));
  const pools = new Map<FanOutQueryType, FanOutQuery[]>();
  const poolOf = (type: FanOutQueryType): FanOutQuery[] => {
    const pool = pools.get(type) ?? ownCandidates(type, context, request.question, relatedNames);
    pools.set(type, pool);
    return pool;
  };
  const chosen: FanOutQuery[] = [];
  const pickInto = (types: readonly FanOutQueryType[], target: number) => {
    for (let slot = 0; chosen.length < target && slot < types.length * 3; slot++) {
      const type = types[slot % types.length] ?? 'reformulation';
      const next = pickFresh(poolOf(type), hash(`${seed}\u0000${type}`), chosen);
      if (next !== undefined) chosen.push(next);
    }
  };
  pickInto(style.sequence, count);
  // A question the engine's usual types say little about still gets its minimum, from the other types.
  pickInto(FAN_OUT_QUERY_TYPES, min);
  return chosen;
}

/**
 * Candidates the classifier reads as the type they were written for: the label a simulated search gets is
 * the one the same search would get had an engine run it.
 */
function ownCandidates(type: FanOutQueryType, context: CandidateContext, question: string, knownEntities: readonly string[]): FanOutQuery[] {
  return candidatesFor(type, context)
    .map((query) => ({ query, ...classifyFanOutQuery(question, query, { knownEntities }) }))
    .filter((candidate) => candidate.type === type);
}

/** The first candidate from a seeded starting point that no earlier search already used. */
function pickFresh(pool: readonly FanOutQuery[], start: number, chosen: readonly FanOutQuery[]): FanOutQuery | undefined {
  const used = new Set(chosen.map((query) => query.query.toLowerCase()));
  for (let offset = 0; offset < pool.length; offset++) {
    const candidate = pool[(start + offset) % pool.length];
    if (candidate !== undefined && !used.has(candidate.query.toLowerCase())) return candidate;
  }
  return undefined;
}

/** FNV-1a, 32 bits: stable across machines and Node versions, so simulated fan-outs never change. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}
