import type { Filter } from '../../ports/documentStore.js';
import { isOperatorObject, isPlainObject } from './mongoFilter.js';

/**
 * Translates the part of a Mongo filter that SQLite can answer from an index into a WHERE clause. The
 * clause only narrows the candidate rows: it must keep every document Mongo would match (extra rows are
 * fine, mingo applies the full filter afterwards), so a condition is translated only where the SQL
 * comparison cannot drop a match.
 */

export type SqlValue = string | number;

export interface Narrowing {
  /** SQL condition without the WHERE keyword; empty when nothing could be narrowed. */
  readonly where: string;
  readonly params: readonly SqlValue[];
  /** True when the clause is exactly the filter, so the rows need no further evaluation. */
  readonly exact: boolean;
}

const INDEXABLE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Index keys are restricted to plain dotted names, so they can sit in a JSON path literal unescaped. */
export function isIndexablePath(path: string): boolean {
  return INDEXABLE_PATH.test(path);
}

/**
 * The one SQL expression for a field. Indexes are created on it and queries compare against it, and
 * SQLite only uses an expression index when the query repeats the expression verbatim.
 */
export function fieldExpression(path: string): string {
  return path === '_id' ? '_id' : `json_extract(doc, '$.${path}')`;
}

export const RANGE_OPERATORS: Readonly<Record<string, string>> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * The walk both SQL stores share: every top-level condition (and each part of a top-level `$and`) on `_id` or an
 * indexed field goes to `translate`; anything else leaves the clause inexact. Only `_id` can make it exact: it is
 * always a string in a text key, while an indexed JSON field could hold an object whose text equals the operand.
 */
export function narrowWith<Param>(
  filter: Filter,
  indexedFields: ReadonlySet<string>,
  translate: (field: string, condition: unknown, params: Param[]) => FieldClauses,
): { where: string; params: Param[]; exact: boolean } {
  const clauses: string[] = [];
  const params: Param[] = [];
  let exact = true;

  const collect = (conditions: Filter): void => {
    for (const [key, condition] of Object.entries(conditions)) {
      if (key === '$and' && Array.isArray(condition)) {
        for (const part of condition) {
          if (isPlainObject(part)) collect(part);
          else exact = false;
        }
        continue;
      }
      if (key !== '_id' && !indexedFields.has(key)) {
        exact = false;
        continue;
      }
      const fieldClauses = translate(key, condition, params);
      clauses.push(...fieldClauses.clauses);
      if (key !== '_id' || !fieldClauses.complete) exact = false;
    }
  };
  collect(filter);
  return { where: clauses.join(' AND '), params, exact };
}

export function narrow(filter: Filter, indexedFields: ReadonlySet<string>): Narrowing {
  return narrowWith<SqlValue>(filter, indexedFields, translateCondition);
}

export interface FieldClauses {
  clauses: string[];
  /** Every operator of the condition was translated. */
  complete: boolean;
}

function translateCondition(field: string, condition: unknown, params: SqlValue[]): FieldClauses {
  const column = fieldExpression(field);
  // The TEXT affinity of the `_id` column would turn a compared number into text, matching '5' for 5.
  const accepts = field === '_id' ? isString : isSqlComparable;
  if (accepts(condition)) {
    params.push(condition);
    return { clauses: [`${column} = ?`], complete: true };
  }
  if (!isOperatorObject(condition)) return { clauses: [], complete: false };
  const clauses: string[] = [];
  let complete = true;
  for (const [operator, operand] of Object.entries(condition)) {
    const clause = translateOperator(column, operator, operand, accepts, params);
    if (clause) clauses.push(clause);
    else complete = false;
  }
  return { clauses, complete };
}

function translateOperator(
  column: string,
  operator: string,
  operand: unknown,
  accepts: (value: unknown) => value is SqlValue,
  params: SqlValue[],
): string | null {
  if (operator === '$eq' && accepts(operand)) {
    params.push(operand);
    return `${column} = ?`;
  }
  if (operator === '$in' && Array.isArray(operand) && operand.every(accepts)) {
    params.push(...operand);
    return `${column} IN (${operand.map(() => '?').join(', ')})`;
  }
  const sqlOperator = RANGE_OPERATORS[operator];
  if (sqlOperator && accepts(operand) && hasSameOrderInSqlAndJs(operand)) {
    params.push(operand);
    return `${column} ${sqlOperator} ?`;
  }
  return null;
}

/**
 * Strings and finite numbers compare in SQLite as in Mongo (numbers numerically whether stored as INTEGER
 * or REAL, strings bytewise, and a text never equals a number). null, booleans, arrays and objects do not:
 * json_extract turns true into 1 and missing into NULL, so those are left to mingo.
 */
export function isSqlComparable(value: unknown): value is SqlValue {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/**
 * SQLite orders strings by UTF-8 bytes, JavaScript (and so mingo) by UTF-16 units; the two orders differ
 * only where a surrogate pair meets a character from U+E000 up. A bound without such characters compares
 * every string the same way in both, so a range on it cannot make the indexed and unindexed results differ.
 */
export function hasSameOrderInSqlAndJs(operand: SqlValue): boolean {
  return typeof operand === 'number' || !/[\ud800-\uffff]/.test(operand);
}
