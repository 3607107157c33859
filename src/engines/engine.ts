import { z } from 'zod';
import { countryCodeSchema } from '../domain/shared/countries.js';

/**
 * The engine port: what the scheduler asks of an AI search engine and the raw facts it gets back (the
 * "AI response run" of interface.md without the derived brand mentions). Real adapters and the simulator
 * both implement it, so the rest of the service never knows which one answered except through `producedBy`.
 */

export const ENGINE_IDS = ['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude'] as const;

export const engineIdSchema = z.enum(ENGINE_IDS);

export type EngineId = z.infer<typeof engineIdSchema>;

export const engineRequestSchema = z.object({
  engine: engineIdSchema,
  prompt: z.string().min(1),
  country: countryCodeSchema,
  date: z.iso.date(),
  promptId: z.string().min(1),
});

export type EngineRequest = z.infer<typeof engineRequestSchema>;

export const citationSchema = z.object({
  title: z.string(),
  link: z.string().min(1),
  /** 1-based, in the order the engine first presents the source; one entry per URL. */
  rank: z.number().int().min(1),
});

export type Citation = z.infer<typeof citationSchema>;

/** Optional fields are left out when the engine shows nothing for them, rather than filled with guesses. */
export const adSchema = z.object({
  title: z.string(),
  url: z.string(),
  image: z.string().optional(),
  brand: z.string().optional(),
  position: z.number().int().min(1),
});

export type Ad = z.infer<typeof adSchema>;

export const shoppingItemSchema = z.object({
  title: z.string(),
  image: z.string().optional(),
  link: z.string(),
  tag: z.string().optional(),
  position: z.number().int().min(1),
  price: z.string().optional(),
  rating: z.number().optional(),
});

export type ShoppingItem = z.infer<typeof shoppingItemSchema>;

export const engineAnswerSchema = z.object({
  content: z.string(),
  citations: z.array(citationSchema),
  webSearchQuery: z.array(z.string()),
  ads: z.array(adSchema),
  shopping: z.array(shoppingItemSchema),
  /** False when the engine showed no answer block (Google without an AI Overview); the run still completed. */
  overviewAvailable: z.boolean(),
  producedBy: z.enum(['api', 'simulator']),
  model: z.string().optional(),
});

export type EngineAnswer = z.infer<typeof engineAnswerSchema>;

export interface RunOptions {
  /** Aborts the call when the caller gives up (shutdown, a lost lease); not counted as an engine failure. */
  signal?: AbortSignal;
}

export interface Engine {
  readonly id: EngineId;
  /** Rejects with one of the EngineError subclasses of `errors.ts` when the engine fails. */
  run(request: EngineRequest, options?: RunOptions): Promise<EngineAnswer>;
}
