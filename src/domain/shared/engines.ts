import { z } from 'zod';

/** Engine values: `google` is Google AI Overviews. */
export const ENGINES = ['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude'] as const;
export type EngineId = (typeof ENGINES)[number];
export const engineSchema = z.enum(ENGINES);
