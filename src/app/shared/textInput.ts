import type { z } from 'zod';

/**
 * Query strings and command-line flags arrive as text (or lists of text, when repeated), while operation inputs
 * are typed. This turns text into the type each field's schema expects, once for every edge that reads text:
 * numbers and booleans are converted when they read as such, and a single value of a list field becomes a
 * one-item list. A list of fixed choices none of which holds a comma (`engines`) also reads one comma-separated
 * value as several (`engines=chatgpt,perplexity`); free text such as a brand name may
 * hold a comma, so other lists never split. Anything else is left as it came, so the schema reports it in its
 * own words.
 */
export type TextKind = 'text' | 'number' | 'boolean' | 'choice' | { list: TextKind };

/** What text a field's schema reads: through wrappers and pipes, to the type it expects first. */
export function kindOf(schema: z.ZodType): TextKind {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; entries?: Record<string, unknown> };
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
      return kindOf(def.innerType as z.ZodType);
    case 'pipe':
      return kindOf(def.in as z.ZodType);
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return Object.values(def.entries ?? {}).some((choice) => String(choice).includes(',')) ? 'text' : 'choice';
    case 'array':
      return { list: kindOf(def.element as z.ZodType) };
    default:
      return 'text';
  }
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** `value` as text (or a list of text) converted to what `kind` expects, when it reads as such. */
export function convertText(value: unknown, kind: TextKind): unknown {
  if (typeof kind === 'object') {
    const items = Array.isArray(value) ? value : [value];
    const separated = kind.list === 'choice' ? items.flatMap(splitChoices) : items;
    return separated.map((item) => convertText(item, kind.list));
  }
  if (typeof value !== 'string') return value;
  if (kind === 'number' && NUMBER.test(value)) return Number(value);
  if (kind === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

const splitChoices = (item: unknown): unknown[] => (typeof item === 'string' ? item.split(',').map((choice) => choice.trim()) : [item]);

export type TextInputReader = (text: Record<string, unknown>) => Record<string, unknown>;

/**
 * A reader of the `fields` of `schema` from text input: only those fields are taken (others are ignored, as
 * clients send parameters an API does not use), each converted to its schema's type.
 */
export function textInputReader(schema: z.ZodObject, fields: readonly string[]): TextInputReader {
  const kinds = fields.map((field) => [field, kindOf(schema.shape[field] as z.ZodType)] as const);
  return (text) => {
    const typed: Record<string, unknown> = {};
    for (const [field, kind] of kinds) {
      const value = text[field];
      if (value !== undefined) typed[field] = convertText(value, kind);
    }
    return typed;
  };
}
