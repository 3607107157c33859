/**
 * A small RFC 4180 reader for the CSV answers, written apart from the server's writer so that a test compares
 * two readings of the same rules: records end with CRLF, a quoted field may hold commas, CRLF and doubled quotes.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let at = 0;
  while (at < text.length) {
    if (text[at] === '"') {
      const close = closingQuote(text, at + 1);
      field += text.slice(at + 1, close).replaceAll('""', '"');
      at = close + 1;
    } else if (text.startsWith('\r\n', at)) {
      records.push([...record, field]);
      [record, field, at] = [[], '', at + 2];
    } else if (text[at] === ',') {
      record.push(field);
      [field, at] = ['', at + 1];
    } else {
      field += text[at];
      at += 1;
    }
  }
  if (record.length > 0 || field !== '') throw new Error('The CSV does not end with CRLF');
  return records;
}

function closingQuote(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    if (text[at] !== '"') continue;
    if (text[at + 1] === '"') at += 1;
    else return at;
  }
  throw new Error('Unterminated quoted field');
}

/** The header and rows as objects keyed by column name. */
export function csvObjects(text: string): { header: string[]; rows: Array<Record<string, string>> } {
  const [header = [], ...records] = parseCsv(text);
  return { header, rows: records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index] ?? '']))) };
}

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** What a CSV cell must read for a JSON value, by the rules docs/api.md states. */
export function expectedCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value) && value.every(isScalar)) return guard(value.map((element) => (element === null ? '' : String(element))).join(';'));
  if (typeof value === 'object') return guard(JSON.stringify(value));
  if (typeof value === 'string') return guard(value);
  return String(value);
}

const guard = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A JSON item as the CSV row of `header`: each dotted column read from the item. */
export function flattened(item: unknown, header: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    header.map((column) => {
      let value = item;
      for (const name of column.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
      return [column, expectedCell(value)];
    }),
  );
}
