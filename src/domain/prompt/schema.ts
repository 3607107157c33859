import { z } from 'zod';
import { countryCodeSchema } from '../shared/countries.js';
import { referencedIdSchema } from '../shared/schemas.js';

export const promptTextSchema = z.string().trim().min(1).max(1000);

export const tagIdsSchema = z.array(referencedIdSchema);

/** `text` and `country` are fixed at creation: no later input carries them. */
export const createPromptInputSchema = z
  .object({
    country: countryCodeSchema.describe('Lowercase ISO 3166-1 alpha-2; uk for the United Kingdom'),
    text: promptTextSchema.describe('The question asked to the engines'),
    tagIds: tagIdsSchema,
    intentVolume: z.number().int().nonnegative().optional().describe('Estimated monthly search volume of the intent'),
  })
  .strict();

/** The whole set of tags the prompt keeps; `[]` removes all. */
export const replacePromptTagsInputSchema = z.object({ tagIds: tagIdsSchema }).strict();

export type CreatePromptInput = z.input<typeof createPromptInputSchema>;
export type ReplacePromptTagsInput = z.input<typeof replacePromptTagsInputSchema>;
