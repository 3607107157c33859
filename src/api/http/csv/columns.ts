import type { z } from 'zod';

/**
 * The columns of a list's CSV, derived from the zod schema of one item so that they never depend on the data:
 * an object field's fields become dotted names (`summary.brandCoverage`), in the schema's order; anything else
 * (a scalar, an array, a record) is one column.
 */
export type ColumnPath = readonly string[];

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** The schema under wrappers that do not change a value's shape. */
function unwrapped(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return unwrapped(def.innerType as z.ZodType);
    case 'pipe':
      return unwrapped(def.out as z.ZodType);
    case 'lazy':
      return unwrapped((def.getter as () => z.ZodType)());
    default:
      return schema;
  }
}

/** Each column once, where it first appears. */
function distinct(paths: ColumnPath[]): ColumnPath[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A union (the recommendation types) has the columns of all its options, in the order they first appear. */
export function columnsOf(itemSchema: z.ZodType, prefix: ColumnPath = []): ColumnPath[] {
  const def = defOf(unwrapped(itemSchema));
  if (def.type === 'union' && def.options) return distinct(def.options.flatMap((option) => columnsOf(option, prefix)));
  if (def.type === 'intersection' && def.left && def.right) return distinct([...columnsOf(def.left, prefix), ...columnsOf(def.right, prefix)]);
  if (def.type !== 'object' || def.shape === undefined) return [prefix];
  return distinct(Object.entries(def.shape).flatMap(([name, field]) => columnsOf(field, [...prefix, name])));
}

/** The element schema of an output's `items` array, when the output is a list answer (`{items, …}`). */
export function listItemSchema(output: z.ZodType): z.ZodType | undefined {
  const def = defOf(unwrapped(output));
  if (def.type !== 'object' || def.shape?.items === undefined) return undefined;
  const items = defOf(unwrapped(def.shape.items)) as Def & { element?: z.ZodType };
  return items.type === 'array' ? items.element : undefined;
}

export const columnName = (path: ColumnPath): string => path.join('.');

const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The value of one column in an item: `undefined` when a field on the way is absent (another union option). */
function valueAt(item: unknown, path: ColumnPath): unknown {
  let value = item;
  for (const name of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

/**
 * One cell's value before quoting: null and absent are empty, an array of scalars is joined with `;`, any
 * other array or object is its JSON text, a scalar as JSON writes it.
 */
export function cellValue(value: unknown): { text: string; isText: boolean } {
  if (value === null || value === undefined) return { text: '', isText: false };
  if (typeof value === 'string') return { text: value, isText: true };
  if (Array.isArray(value) && value.every(isScalar)) return { text: value.map((element) => (element === null ? '' : String(element))).join(';'), isText: true };
  if (typeof value === 'object') return { text: JSON.stringify(value), isText: true };
  return { text: String(value), isText: false };
}

export const cellsOf = (item: unknown, columns: readonly ColumnPath[]) => columns.map((path) => cellValue(valueAt(item, path)));
