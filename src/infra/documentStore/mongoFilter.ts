import type { Filter } from '../../ports/documentStore.js';

/** Helpers that read Mongo filters the way the server does; both adapters need them. */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ $gt: 1, $lt: 5 }`, as opposed to a sub-document compared whole. */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** The fields a Mongo upsert copies from a filter into the new document: plain values and `$eq`, also inside `$and`. */
export function equalityConditions(filter: Filter): Record<string, unknown> {
  const equalities: Record<string, unknown> = {};
  const collect = (conditions: Filter): void => {
    for (const [key, condition] of Object.entries(conditions)) {
      if (key === '$and' && Array.isArray(condition)) {
        for (const part of condition) if (isPlainObject(part)) collect(part);
      } else if (key.startsWith('$')) {
        continue;
      } else if (!isOperatorObject(condition)) {
        equalities[key] = condition;
      } else if ('$eq' in condition) {
        equalities[key] = condition.$eq;
      }
    }
  };
  collect(filter);
  return equalities;
}
