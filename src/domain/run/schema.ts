import { z } from 'zod';
import { engineSchema } from '../shared/engines.js';
import { referencedIdSchema } from '../shared/schemas.js';

export const citationSchema = z.object({
  title: z.string().max(2000).default(''),
  /** As the engine gave it; analysis normalizes it and skips what is not an http(s) URL. */
  link: z.string().min(1).max(8000),
  rank: z.number().int().min(1),
});

export const adSchema = z.object({
  title: z.string().default(''),
  url: z.string().default(''),
  image: z.string().default(''),
  brand: z.string().default(''),
  position: z.number().int().min(0),
});

export const shoppingSchema = z.object({
  title: z.string().default(''),
  image: z.string().default(''),
  link: z.string().default(''),
  tag: z.string().default(''),
  position: z.number().int().min(0),
  price: z.string().default(''),
  rating: z.number().min(0).max(5).nullable().default(null),
});

/** The raw facts of one engine answer, exactly as recorded; derived numbers are never part of it. */
export const answerSchema = z.object({
  content: z.string().max(200_000),
  citations: z.array(citationSchema).max(500).default([]),
  webSearchQuery: z.array(z.string().max(2000)).max(100).default([]),
  ads: z.array(adSchema).max(100).default([]),
  shopping: z.array(shoppingSchema).max(100).default([]),
  overviewAvailable: z.boolean().default(true),
});

export const RUN_STATES = ['completed', 'failed'] as const;

/** One line of `geolens runs import`. */
export const importedRunSchema = answerSchema
  .extend({
    runId: z.string().min(1).max(128).optional(),
    promptId: referencedIdSchema,
    engine: engineSchema,
    runDate: z.iso.datetime({ offset: true }),
    replicate: z.number().int().nonnegative().optional(),
    state: z.enum(RUN_STATES).default('completed'),
    error: z.string().max(2000).optional(),
  })
  .strict();

export type Answer = z.output<typeof answerSchema>;
export type ImportedRun = z.output<typeof importedRunSchema>;
export type Citation = z.output<typeof citationSchema>;
