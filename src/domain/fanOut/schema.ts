import { z } from 'zod';
import { countryCodeSchema } from '../shared/countries.js';
import { engineSchema, type EngineId } from '../shared/engines.js';

/**
 * A query fan-out: the web searches an AI engine runs behind one question, each
 * labelled with how it relates to the question, what the searcher wants, and why.
 */

/** How a search relates to the question it was run for. */
export const FAN_OUT_QUERY_TYPES = ['reformulation', 'related', 'implicit', 'comparative', 'entity_expansion', 'recency'] as const;
export const fanOutQueryTypeSchema = z.enum(FAN_OUT_QUERY_TYPES);
export type FanOutQueryType = z.infer<typeof fanOutQueryTypeSchema>;

/**
 * The searcher's goal, in the four classes search marketing uses: learning something (`informational`),
 * weighing options before a purchase (`commercial`), ready to act (`transactional`), or heading for one
 * site (`navigational`).
 */
export const USER_INTENTS = ['informational', 'commercial', 'transactional', 'navigational'] as const;
export const userIntentSchema = z.enum(USER_INTENTS);
export type UserIntent = z.infer<typeof userIntentSchema>;

export const fanOutQuerySchema = z.object({
  query: z.string().min(1),
  type: fanOutQueryTypeSchema,
  userIntent: userIntentSchema,
  /** One sentence: why this type and this intent. */
  reasoning: z.string().min(1),
});
export type FanOutQuery = z.infer<typeof fanOutQuerySchema>;

export const engineFanOutSchema = z.object({
  engine: engineSchema,
  /** True when the queries come from the offline generator rather than the engine itself. */
  simulated: z.boolean(),
  queries: z.array(fanOutQuerySchema),
});
export type EngineFanOut = z.infer<typeof engineFanOutSchema>;

export const FAN_OUT_QUESTION_MAX_LENGTH = 500;
export const DEFAULT_FAN_OUT_ENGINES: readonly EngineId[] = ['chatgpt', 'google_ai_mode', 'gemini'];

/** What a fan-out is asked for; REST, MCP and the CLI validate their input with it. */
export const fanOutInputSchema = z.object({
  question: z.string().trim().min(1).max(FAN_OUT_QUESTION_MAX_LENGTH),
  country: countryCodeSchema.default('us'),
  engines: z
    .array(engineSchema)
    .min(1)
    .transform((engines) => [...new Set(engines)])
    .default([...DEFAULT_FAN_OUT_ENGINES]),
});
export type FanOutInput = z.input<typeof fanOutInputSchema>;
