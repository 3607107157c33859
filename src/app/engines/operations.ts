import { z } from 'zod';
import { countryCodeSchema } from '../../domain/shared/countries.js';
import { engineSchema, type EngineId } from '../../domain/shared/engines.js';
import type { EngineDescription } from '../../engines/index.js';
import { defineOperation } from '../shared/operation.js';

/** The hosted API's split: every plan has the base engines; the others are add-ons. */
export const BASE_ENGINES: readonly EngineId[] = ['chatgpt', 'google', 'perplexity', 'copilot'];

const engineDescriptionSchema = z
  .object({
    engine: engineSchema,
    name: z.string(),
    simulated: z.boolean().describe('True when no API key is configured and answers come from the deterministic simulator'),
    countries: z.array(z.string()).describe('Countries the engine can be run in'),
  })
  .meta({ id: 'Engine' });

const countryEnginesSchema = z
  .object({
    country: z.string(),
    baseEngines: z.array(engineSchema).describe('Engines every plan runs in this country'),
    addonEngines: z.array(engineSchema).describe('Add-on engines available in this country'),
  })
  .meta({ id: 'CountryEngines' });

export const enginesListSchema = z.object({
  items: z.array(countryEnginesSchema).describe('One item per supported country, in code order'),
  engines: z.array(engineDescriptionSchema).describe('Each engine, whether it runs for real, and where'),
});

export type EnginesList = z.output<typeof enginesListSchema>;

/** The hosted API's per-country view of the engines, plus geolens's per-engine one; both narrowed by the filters. */
export function listEngines(
  descriptions: readonly EngineDescription[],
  filters: { country?: string | undefined; engine?: EngineId | undefined },
): EnginesList {
  const engines = descriptions.filter(
    ({ engine, countries }) => (!filters.engine || engine === filters.engine) && (!filters.country || countries.includes(filters.country)),
  );
  const countries = [...new Set(engines.flatMap(({ countries: served }) => served))]
    .filter((country) => !filters.country || country === filters.country)
    .sort();
  const items = countries.map((country) => {
    const available = engines.filter(({ countries: served }) => served.includes(country)).map(({ engine }) => engine);
    return {
      country,
      baseEngines: available.filter((engine) => BASE_ENGINES.includes(engine)),
      addonEngines: available.filter((engine) => !BASE_ENGINES.includes(engine)),
    };
  });
  return { items, engines: engines.map((description) => ({ ...description, countries: [...description.countries] })) };
}

export const listEnginesOperation = defineOperation({
  name: 'listEngines',
  summary: 'Engines and their supported countries',
  description:
    'items: one entry per supported country with its base and add-on engines (the hosted API’s shape); engines: ' +
    'each engine, whether it runs on the simulator because no API key is configured, and its countries.',
  tag: 'Engines',
  access: 'read',
  input: z.object({
    country: countryCodeSchema.optional().describe('Only this country'),
    engine: engineSchema.optional().describe('Only this engine'),
  }),
  output: enginesListSchema,
  answers: 'The engines',
  handler: async (filters, { deps }) => listEngines(deps.engines, filters),
});
