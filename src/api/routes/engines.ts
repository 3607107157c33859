import { z } from 'zod';
import type { EngineDescription } from '../../engines/index.js';
import { countryCodeSchema } from '../../domain/shared/countries.js';
import { engineSchema } from '../../domain/shared/engines.js';
import { defineRoute, type Route } from '../http/route.js';

const engineItemSchema = z
  .object({
    engine: engineSchema,
    name: z.string(),
    simulated: z.boolean().describe('True when no API key is configured and answers come from the deterministic simulator'),
    countries: z.array(z.string()).describe('Countries the engine can be run in'),
  })
  .meta({ id: 'Engine' });

const enginesQuery = z
  .object({
    country: countryCodeSchema.optional().describe('Only engines that support this country'),
    engine: engineSchema.optional().describe('Only this engine'),
  })
  .strict();

/** `GET /v1/engines`: the engines, whether each runs for real, and where. */
export function engineRoutes(describe: () => readonly EngineDescription[]): readonly Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/engines',
      operationId: 'listEngines',
      summary: 'Engines and their supported countries',
      tag: 'Engines',
      auth: 'read',
      query: enginesQuery,
      success: {
        status: 200,
        description: 'The engines',
        schema: z.object({ items: z.array(engineItemSchema) }),
        contentType: 'application/json',
      },
      handler: async ({ query }) => ({
        items: describe().filter(
          ({ engine, countries }) => (!query.engine || engine === query.engine) && (!query.country || countries.includes(query.country)),
        ),
      }),
    }),
  ];
}
