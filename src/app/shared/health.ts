import { z } from 'zod';

/** What `GET /v1/health` answers: the stores in use, whether a browser renders content checks, and how far each projection lags behind the log. */
export const healthReportSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    stores: z.object({ events: z.string(), readModels: z.string() }),
    browser: z.enum(['ready', 'unavailable']).describe('Whether content checks can render: unavailable answers them 503 (install Chromium)'),
    projections: z.array(
      z.object({
        name: z.string(),
        version: z.number().int(),
        state: z.enum(['building', 'live']),
        lag: z.string().describe('How far the projection is behind the log, as a decimal string: events on the embedded store, bytes of log on EventStoreDB'),
      }),
    ),
  })
  .meta({ id: 'Health' });

export type HealthReport = z.output<typeof healthReportSchema>;
