import { classifyFanOutQuery, DEFAULT_FAN_OUT_ENGINES, generateFanOut, type EngineFanOut } from '../../domain/fanOut/index.js';
import type { CountryCode } from '../../domain/shared/countries.js';
import type { EngineId, RunOptions } from '../engine.js';
import { profileOf } from '../profiles/index.js';
import { catalogBrands } from '../simulator/catalogBrands.js';
import type { FanOutSources } from './source.js';

/**
 * One query fan-out: per engine, the searches it runs behind the question, each
 * labelled with its type, the searcher's intent and why. An engine with a real source is asked; every other
 * engine gets the deterministic generator's searches, marked `simulated`.
 */

export interface FanOutRequest {
  question: string;
  country: CountryCode;
  /** Defaults to ChatGPT, Google AI Mode and Gemini; an engine listed twice runs once. */
  engines?: readonly EngineId[] | undefined;
  /** When the fan-out runs (YYYY-MM-DD or an ISO timestamp): its year dates the simulated searches. */
  date: string;
}

export interface FanOutOptions extends RunOptions {
  /** Names to recognize in lowercase searches beyond the catalog's (a report's brand and competitors). */
  knownEntities?: readonly string[];
}

/**
 * Engines are asked at once. The first real source to fail rejects the whole fan-out with its EngineError
 * (the worker records its message as the run's `error`) and aborts the calls still running.
 */
export async function fanOut(request: FanOutRequest, sources: FanOutSources, options: FanOutOptions = {}): Promise<EngineFanOut[]> {
  const day = dayOf(request.date);
  const brands = catalogBrands(request.question);
  const knownEntities = [...brands.names, ...(options.knownEntities ?? [])];
  const failed = new AbortController();
  const signal = options.signal === undefined ? failed.signal : AbortSignal.any([options.signal, failed.signal]);

  const fanOutOf = async (engine: EngineId): Promise<EngineFanOut> => {
    const source = sources[engine];
    if (source === undefined) {
      const year = Number(day.slice(0, 4));
      const generated = { question: request.question, engine, country: request.country, year, relatedNames: brands.leaders };
      const queries = generateFanOut(generated, profileOf(engine).fanOut.style);
      return { engine, simulated: true, queries };
    }
    const searches = await source.searches({ question: request.question, country: request.country, date: day }, { signal });
    const queries = searches.map((query) => ({ query, ...classifyFanOutQuery(request.question, query, { knownEntities }) }));
    return { engine, simulated: false, queries };
  };

  try {
    return await Promise.all([...new Set(request.engines ?? DEFAULT_FAN_OUT_ENGINES)].map(fanOutOf));
  } catch (error) {
    failed.abort();
    throw error;
  }
}

function dayOf(date: string): string {
  const time = Date.parse(date);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${JSON.stringify(date)}`);
  return new Date(time).toISOString().slice(0, 10);
}
