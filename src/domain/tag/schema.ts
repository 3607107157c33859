import { z } from 'zod';
import { nameSchema } from '../shared/schemas.js';

/** The preset colour names a tag may carry (the palette of the hosted service's UI). */
export const TAG_COLORS = [
  'gold',
  'orange',
  'magenta',
  'green',
  'blue',
  'red',
  'volcano',
  'lime',
  'cyan',
  'geekblue',
  'purple',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const tagColorSchema = z.enum(TAG_COLORS).describe('A preset color name');

export const createTagInputSchema = z.object({ name: nameSchema(100).describe('Tag name'), color: tagColorSchema }).strict();

export type CreateTagInput = z.input<typeof createTagInputSchema>;
