import { randomUUID } from 'node:crypto';
import { update as mingoUpdate } from 'mingo';
import * as mingoUpdateOperators from 'mingo/operators/update';
import type { Doc, Filter, Update } from '../../ports/documentStore.js';
import { equalityConditions, isPlainObject } from './mongoFilter.js';

/**
 * Mongo update semantics for the embedded store, evaluated by mingo. mingo's `update()` builds a fresh
 * operator context on every call, which costs about 80 µs; the projection runner applies tens of thousands
 * of plain `$inc`/`$set` updates per second, so those go straight to mingo's operator functions, and only
 * updates that need the filter (positional `$` paths) or cross-operator checks take the full path.
 */

type CompiledOperator = (doc: Record<string, unknown>) => string[];
type OperatorCompiler = (expression: never) => CompiledOperator;

const DIRECT_OPERATORS: ReadonlySet<string> = new Set([
  '$set', '$unset', '$inc', '$mul', '$max', '$min', '$push', '$addToSet', '$pull', '$pullAll', '$pop',
]);
const OPERATOR_COMPILERS = mingoUpdateOperators as unknown as Readonly<Record<string, OperatorCompiler>>;

/** Applies `update` to `doc` in place; true when the document changed. */
export function applyUpdate(doc: Doc, update: Update, filter: Filter): boolean {
  const { $setOnInsert: _ignoredOnUpdate, ...operators } = update;
  return applyOperators(doc, operators, filter);
}

/**
 * The document an upsert inserts when nothing matched: the filter's equality conditions, then the update
 * with `$setOnInsert` applied like `$set`. `_id` comes from the filter, else from the update, else a uuid.
 */
export function buildUpsertDocument(filter: Filter, update: Update): Doc {
  const { _id: filterId, ...seedFields } = equalityConditions(filter);
  const { $setOnInsert: setOnInsert, ...operators } = update;
  const { _id: insertId, ...insertFields } = isPlainObject(setOnInsert) ? setOnInsert : {};
  const seed: Record<string, unknown> = {};
  if (Object.keys(seedFields).length > 0) applyOperators(seed, { $set: seedFields }, {});
  const insertOperators =
    Object.keys(insertFields).length > 0 ? { ...operators, $set: { ...asObject(operators.$set), ...insertFields } } : operators;
  applyOperators(seed, insertOperators, {});
  const _id = filterId ?? insertId ?? randomUUID();
  if (typeof _id !== 'string') throw new TypeError(`_id must be a string, got ${JSON.stringify(_id)}`);
  return { _id, ...seed };
}

function applyOperators(doc: Record<string, unknown>, operators: Update, filter: Filter): boolean {
  if (!canApplyDirectly(operators)) return mingoUpdate(doc, operators, undefined, filter).length > 0;
  let modified = false;
  for (const [operator, expression] of Object.entries(operators)) {
    const compile = OPERATOR_COMPILERS[operator];
    if (compile && compile(expression as never)(doc).length > 0) modified = true;
  }
  return modified;
}

/**
 * Operators applied one by one skip mingo's checks across operators, so this path is taken only when those
 * checks could not fail: known operators on plain paths, none of which overlaps another.
 */
function canApplyDirectly(operators: Update): boolean {
  const paths: string[] = [];
  for (const [operator, expression] of Object.entries(operators)) {
    if (!DIRECT_OPERATORS.has(operator) || !isPlainObject(expression)) return false;
    for (const path of Object.keys(expression)) {
      if (path.includes('$')) return false;
      paths.push(path);
    }
  }
  return !hasOverlappingPaths(paths);
}

/** `a` overlaps `a` and `a.b`; update paths per call are few, so pairwise comparison is cheapest. */
function hasOverlappingPaths(paths: readonly string[]): boolean {
  return paths.some((path, index) =>
    paths.some((other, otherIndex) => otherIndex !== index && (other === path || other.startsWith(`${path}.`))),
  );
}

function asObject(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}
