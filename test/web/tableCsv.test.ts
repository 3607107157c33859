import { describe, expect, it } from '@jest/globals';
import { csvOfRows } from '../../web/src/lib/tableCsv.js';

describe('csvOfRows', () => {
  it('writes RFC 4180: CRLF ends, quoted commas, quotes and line breaks, doubled quotes', () => {
    expect(csvOfRows([['Brand', 'Share'], ['Acme, Inc.', '33.5'], ['Say "hi"', 'two\nlines']])).toBe('Brand,Share\r\n"Acme, Inc.",33.5\r\n"Say ""hi""","two\nlines"\r\n');
  });

  it('guards text a spreadsheet would run, not negative numbers', () => {
    expect(csvOfRows([['=SUM(A1)', '-3', '-x', '@me', '+1e5']])).toBe("'=SUM(A1),-3,'-x,'@me,'+1e5\r\n");
  });
});
