/**
 * CSV of a table the page shows from one answer (not a list operation, which downloads through the server; see
 * `csvHref`): RFC 4180 as the server writes it — CRLF line ends, fields with a comma, quote or line break quoted,
 * quotes doubled, a text cell starting with `=`, `+`, `-`, `@`, tab or carriage return prefixed with `'` so a
 * spreadsheet shows it instead of running it (numbers are written as they are).
 */
export function csvOfRows(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

function csvField(value: string): string {
  const guarded = !NUMBER.test(value) && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
