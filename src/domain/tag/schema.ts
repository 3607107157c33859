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

/** A preset name, or a hex color `#rgb` / `#rrggbb` as clients of the real API send them. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A tag's color as stored: a preset name, or a hex color in lowercase. */
export type TagColor = string;

export const tagColorSchema = z
  .string()
  .superRefine((color, context) => {
    if ((TAG_COLORS as readonly string[]).includes(color) || HEX_COLOR.test(color)) return;
    context.addIssue({
      code: 'invalid_value',
      values: [...TAG_COLORS],
      input: color,
      message: `Expected a hex color (#rgb or #rrggbb) or a preset name: ${TAG_COLORS.join(', ')}`,
    });
  })
  .transform((color) => color.toLowerCase())
  .describe(`A hex color #rgb or #rrggbb (stored lowercase), or a preset name: ${TAG_COLORS.join(', ')}`);

export const createTagInputSchema = z.object({ name: nameSchema(100).describe('Tag name'), color: tagColorSchema }).strict();

export type CreateTagInput = z.input<typeof createTagInputSchema>;
