import { z } from 'zod';

/** A tag as a brand report or a prompt carries it, shared by REST and MCP. */
export const tagSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    color: z.string().describe('A preset color name such as gold, orange, magenta, green, blue'),
  })
  .meta({ id: 'Tag' });

export type Tag = z.output<typeof tagSchema>;
