import { z } from 'zod';
import { adSchema, citationSchema, shoppingSchema } from '../domain/run/schema.js';
import { countryCodeSchema } from '../domain/shared/countries.js';
import { engineSchema } from '../domain/shared/engines.js';

/**
 * The engine port: what the scheduler asks of an AI search engine and the raw facts it gets back (the
 * AI response run without the derived brand mentions). Real adapters and the simulator
 * both implement it, so the rest of the service never knows which one answered except through `producedBy`.
 */

export { ENGINES as ENGINE_IDS, engineSchema as engineIdSchema, type EngineId } from '../domain/shared/engines.js';
import type { EngineId } from '../domain/shared/engines.js';

export const engineRequestSchema = z.object({
  engine: engineSchema,
  prompt: z.string().min(1),
  country: countryCodeSchema,
  date: z.iso.date(),
  promptId: z.string().min(1),
  /** Which of the day's runs of this prompt and engine is asked for (0-based); absent means 0. */
  replicate: z.number().int().nonnegative().optional(),
});

export type EngineRequest = z.infer<typeof engineRequestSchema>;

/** Citations, ads and shopping items are the run shapes of the domain; adapters may leave optional text out. */
export type Citation = z.input<typeof citationSchema>;
export type Ad = z.input<typeof adSchema>;
export type ShoppingItem = z.input<typeof shoppingSchema>;

/** The raw facts of one answer plus who produced it; its items are the domain's run shapes. */
export const engineAnswerSchema = z.object({
  content: z.string(),
  citations: z.array(citationSchema),
  webSearchQuery: z.array(z.string()),
  ads: z.array(adSchema),
  shopping: z.array(shoppingSchema),
  /** False when the engine showed no answer block (Google without an AI Overview); the run still completed. */
  overviewAvailable: z.boolean(),
  producedBy: z.enum(['api', 'simulator']),
  model: z.string().optional(),
});

export type EngineAnswer = z.input<typeof engineAnswerSchema>;

export interface RunOptions {
  /** Aborts the call when the caller gives up (shutdown, a lost lease); not counted as an engine failure. */
  signal?: AbortSignal;
}

export interface Engine {
  readonly id: EngineId;
  /** Whether the engine's provider answers (`api`) or the simulator does; limits and run records tell them apart. */
  readonly kind: 'api' | 'simulator';
  /** Rejects with one of the EngineError subclasses of `errors.ts` when the engine fails. */
  run(request: EngineRequest, options?: RunOptions): Promise<EngineAnswer>;
}
