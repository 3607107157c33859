import type { CountryCode } from '../../domain/shared/countries.js';
import type { EngineId, RunOptions } from '../engine.js';

/**
 * Where the searches of a real fan-out come from: the engine itself, asked the question with its web search
 * on, reporting the searches it ran. Rejects with an EngineError (errors.ts) when the engine fails.
 */
export interface FanOutSource {
  readonly engine: EngineId;
  searches(request: FanOutSourceRequest, options?: RunOptions): Promise<string[]>;
}

export interface FanOutSourceRequest {
  question: string;
  country: CountryCode;
  /** The day the fan-out runs (YYYY-MM-DD). */
  date: string;
}

/** The engines that can report their own searches, each with its source; every other engine is simulated. */
export type FanOutSources = Partial<Record<EngineId, FanOutSource>>;
