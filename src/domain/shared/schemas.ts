import { z } from 'zod';

/** A display name: surrounding whitespace is not part of it, and it cannot be blank. */
export const nameSchema = (maxLength: number) => z.string().trim().min(1).max(maxLength);

/** Ids referenced in inputs (tags, workspaces, prompts) share the prompt id's length bound. */
export const referencedIdSchema = z.string().min(1).max(64);

/** Keeps the first occurrence of each value, so a repeated id in an input counts once. */
export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];
