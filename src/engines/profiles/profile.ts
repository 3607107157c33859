import type { FanOutStyle } from '../../domain/fanOut/generate.js';
import type { CountryCode } from '../../domain/shared/countries.js';
import type { AdapterOptions } from '../adapters/options.js';
import type { Engine, EngineId } from '../engine.js';
import type { FanOutSource } from '../fanOut/source.js';
import type { EngineKeys } from '../keys.js';
import type { SimulatorNumbers } from '../simulator/numbers.js';

/**
 * Everything geolens knows about one engine, in one place: what people call it, which key turns its real
 * adapter on, where it is offered, how the simulator imitates its answers and how it fans a question out.
 * Adding an engine is one profile file and one entry in `profiles/index.ts`.
 */
export interface EngineProfile<Id extends EngineId = EngineId> {
  id: Id;
  name: string;
  key: keyof EngineKeys;
  adapter: (options: AdapterOptions) => Engine;
  /** Where the provider offers the engine; the same list whether it runs for real or on the simulator. */
  countries: readonly CountryCode[];
  simulator: SimulatorNumbers;
  fanOut: {
    style: FanOutStyle;
    /** Absent when the provider does not report the searches behind an answer: its fan-outs stay simulated. */
    source?: (options: AdapterOptions) => FanOutSource;
  };
}
