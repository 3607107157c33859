import { z } from 'zod';
import type { CsvList } from './csvList.js';
import { CSV_MEDIA_TYPE, formatParameterSchema } from './negotiate.js';

/** How every list's CSV is written, told once in each list operation's document. */
const CSV_RULES =
  'RFC 4180 with CRLF line ends and a header row; nested fields flattened to dotted names; an array of scalars ' +
  'joined with ";", any other array or object as JSON text; null empty; a text cell starting with =, +, -, @, tab ' +
  "or carriage return prefixed with ' (formula injection); Content-Disposition names the file " +
  '<operation>-<path ids>-<date>.csv. Without limit, offset or cursor every item of every page is streamed.';

/** The `text/csv` answer of a list operation, naming its columns. */
export const csvContent = (list: CsvList) => ({
  [CSV_MEDIA_TYPE]: { schema: { type: 'string', description: `${CSV_RULES} Columns: ${list.columnNames.join(', ')}.` } },
});

/** The `format` query parameter every list operation takes. */
export function csvParameters(): Array<Record<string, unknown>> {
  const { $schema: _dialect, description: _description, ...schema } = z.toJSONSchema(formatParameterSchema.unwrap(), { target: 'draft-2020-12' });
  return [{ name: 'format', in: 'query', required: false, description: formatParameterSchema.description, schema }];
}
