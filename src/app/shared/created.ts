import { z } from 'zod';

/** What a creation answers to an operator: the new id. */
export const createdSchema = z.object({ id: z.string() });
