import type { z } from 'zod';
import { CliInputError } from './output.js';

/** Validates one flag's value with the same schema the domain uses; failures name the flag. */
export function parseFlag<Schema extends z.ZodType>(flag: string, schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new CliInputError(flag, parsed.error.issues[0]?.message ?? 'invalid value');
}

/** Repeatable flags (`--workspace a --workspace b`) collect into an array. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function parseNonNegativeInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new CliInputError(flag, `must be a non-negative integer, got "${value}"`);
  return Number(value);
}

/** `--competitor 'Name=domain'`: the name may contain spaces, the domain follows the last `=`. */
export function parseCompetitor(value: string): { brand: string; brandDomain: string } {
  const separator = value.lastIndexOf('=');
  const brand = value.slice(0, separator).trim();
  const brandDomain = value.slice(separator + 1).trim();
  if (separator < 0 || !brand || !brandDomain) {
    throw new CliInputError('--competitor', `expected 'Name=domain', got "${value}"`);
  }
  return { brand, brandDomain };
}
