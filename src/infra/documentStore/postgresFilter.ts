import type { Filter } from '../../ports/documentStore.js';
import { isOperatorObject } from './mongoFilter.js';
import { hasSameOrderInSqlAndJs, isIndexablePath, RANGE_OPERATORS, isSqlComparable, isString, narrowWith, type FieldClauses } from './sqlFilter.js';

/**
 * Translates the part of a Mongo filter that PostgreSQL can answer from an index into a WHERE clause with
 * numbered parameters. As for SQLite (sqlFilter.ts), the clause only narrows: it keeps every document Mongo
 * would match, and mingo applies the whole filter afterwards unless the clause is exactly the filter.
 *
 * Indexed fields are compared as jsonb (`(doc #> '{a,b}')::jsonb`), the expression their indexes are built on:
 * jsonb equality is Mongo's for strings and numbers (1 equals 1.0, a string never equals a number), and jsonb
 * orders numbers numerically, sorting every other type before or after them, so a numeric range keeps all
 * matches. Strings are ordered by the database collation, not by code unit, so string ranges on fields stay
 * with mingo. `_id` is a text column in the "C" collation: bytewise, so its string ranges translate.
 */

export interface PgNarrowing {
  readonly where: string;
  readonly params: readonly unknown[];
  /** True when the clause is exactly the filter, so the rows need no further evaluation. */
  readonly exact: boolean;
}

export function fieldExpression(path: string): string {
  if (!isIndexablePath(path)) throw new TypeError(`Not an indexable path: ${path}`);
  return path === '_id' ? '_id' : `((doc #> '{${path.split('.').join(',')}}')::jsonb)`;
}

export function narrowForPostgres(filter: Filter, indexedFields: ReadonlySet<string>): PgNarrowing {
  return narrowWith<unknown>(filter, indexedFields, (field, condition, params) => (field === '_id' ? translateId(condition, params) : translateField(field, condition, params)));
}

const placeholder = (params: unknown[], value: unknown, cast: string): string => {
  params.push(value);
  return `$${params.length}::${cast}`;
};

function operatorsOf(condition: unknown): Array<[string, unknown]> | undefined {
  if (!isOperatorObject(condition)) return undefined;
  return Object.entries(condition);
}

function translateId(condition: unknown, params: unknown[]): FieldClauses {
  const operators = typeof condition === 'string' ? [['$eq', condition] as [string, unknown]] : operatorsOf(condition);
  if (!operators) return { clauses: [], complete: false };
  const clauses: string[] = [];
  let complete = true;
  for (const [operator, operand] of operators) {
    const range = RANGE_OPERATORS[operator];
    if (operator === '$eq' && typeof operand === 'string') clauses.push(`_id = ${placeholder(params, operand, 'text')}`);
    else if (operator === '$in' && Array.isArray(operand) && operand.every(isString)) clauses.push(`_id = ANY(${placeholder(params, operand, 'text[]')})`);
    else if (range && typeof operand === 'string' && hasSameOrderInSqlAndJs(operand)) clauses.push(`_id ${range} ${placeholder(params, operand, 'text')}`);
    else complete = false;
  }
  return { clauses, complete };
}

function translateField(field: string, condition: unknown, params: unknown[]): FieldClauses {
  const column = fieldExpression(field);
  const operators = isSqlComparable(condition) ? [['$eq', condition] as [string, unknown]] : operatorsOf(condition);
  if (!operators) return { clauses: [], complete: false };
  const clauses: string[] = [];
  for (const [operator, operand] of operators) {
    const range = RANGE_OPERATORS[operator];
    if (operator === '$eq' && isSqlComparable(operand)) clauses.push(`${column} = ${placeholder(params, JSON.stringify(operand), 'jsonb')}`);
    else if (operator === '$in' && Array.isArray(operand) && operand.every(isSqlComparable)) {
      clauses.push(`${column} = ANY(${placeholder(params, operand.map((value) => JSON.stringify(value)), 'jsonb[]')})`);
    } else if (range && typeof operand === 'number' && Number.isFinite(operand)) {
      clauses.push(`${column} ${range} ${placeholder(params, JSON.stringify(operand), 'jsonb')}`);
    }
  }
  return { clauses, complete: false };
}

