import { cellsOf, columnName, type ColumnPath } from './columns.js';

/** A spreadsheet reads a text cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One RFC 4180 field: quoted when it holds a comma, a quote or a line break, quotes doubled. A text cell that
 * a spreadsheet would run as a formula gets a leading `'`; numbers and booleans are written as they are.
 */
export function csvField(text: string, isText: boolean): string {
  const guarded = isText && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

const CRLF = '\r\n';

export const csvHeader = (columns: readonly ColumnPath[]): string => columns.map((path) => csvField(columnName(path), false)).join(',') + CRLF;

/** The records of `items`, each ending with CRLF. */
export const csvRecords = (items: readonly unknown[], columns: readonly ColumnPath[]): string =>
  items.map((item) => cellsOf(item, columns).map(({ text, isText }) => csvField(text, isText)).join(',') + CRLF).join('');
