import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { cellValue, columnName, columnsOf, listItemSchema } from '../../../src/api/http/csv/columns.js';
import { csvField, csvHeader, csvRecords } from '../../../src/api/http/csv/encode.js';
import { csvFileName } from '../../../src/api/http/csv/csvList.js';

describe('columnsOf', () => {
  test('flattens nested objects to dotted names in schema order, through optional, nullable and default', () => {
    const item = z.object({
      id: z.string(),
      interval: z.object({ low: z.number(), high: z.number() }).nullable(),
      copy: z.object({ title: z.string(), deep: z.object({ note: z.string() }).optional() }),
      tags: z.array(z.object({ id: z.string() })),
      extra: z.record(z.string(), z.number()).default({}),
    });
    expect(columnsOf(item).map(columnName)).toEqual(['id', 'interval.low', 'interval.high', 'copy.title', 'copy.deep.note', 'tags', 'extra']);
  });

  test('a union has the columns of every option, each once where it first appears', () => {
    const item = z.discriminatedUnion('type', [
      z.object({ type: z.literal('a'), shared: z.string(), data: z.object({ url: z.string() }) }),
      z.object({ type: z.literal('b'), shared: z.string(), data: z.object({ url: z.string(), runs: z.number() }) }),
    ]);
    expect(columnsOf(item).map(columnName)).toEqual(['type', 'shared', 'data.url', 'data.runs']);
  });

  test('finds the item schema of a list answer, and none in another answer', () => {
    const item = z.object({ id: z.string() });
    expect(listItemSchema(z.object({ items: z.array(item), paging: z.object({}) }))).toBe(item);
    expect(listItemSchema(z.object({ id: z.string() }))).toBeUndefined();
    expect(listItemSchema(z.object({ items: z.string() }))).toBeUndefined();
  });
});

describe('cells', () => {
  test.each([
    [null, ''],
    [undefined, ''],
    ['text', 'text'],
    [0.25, '0.25'],
    [false, 'false'],
    [['chatgpt', 'gemini'], 'chatgpt;gemini'],
    [[1, null, 3], '1;;3'],
    [[], ''],
    [[{ id: 'a' }], '[{"id":"a"}]'],
    [{ en: 1 }, '{"en":1}'],
  ])('%j reads %j', (value, text) => {
    expect(cellValue(value).text).toBe(text);
  });

  test.each([
    ['plain', true, 'plain'],
    ['a,b', true, '"a,b"'],
    ['say "hi"', true, '"say ""hi"""'],
    ['two\r\nlines', true, '"two\r\nlines"'],
    ['one\nline', true, '"one\nline"'],
    ['=1+1', true, "'=1+1"],
    ['+49 30', true, "'+49 30"],
    ['-x', true, "'-x"],
    ['@SUM(A1)', true, "'@SUM(A1)"],
    ['\tcmd', true, "'\tcmd"],
    ['=A1,B1', true, `"'=A1,B1"`],
    ['-3', false, '-3'],
  ])('%j (text: %s) is written %j', (text, isText, field) => {
    expect(csvField(text, isText)).toBe(field);
  });

  test('a header and records end each line with CRLF; absent fields are empty cells', () => {
    const columns = [['id'], ['data', 'url']];
    expect(csvHeader(columns)).toBe('id,data.url\r\n');
    expect(csvRecords([{ id: 'a', data: { url: 'https://x.test/?a=1,2' } }, { id: 'b' }], columns)).toBe('a,"https://x.test/?a=1,2"\r\nb,\r\n');
  });
});

test('the file name joins the operation, the path ids made safe and the UTC day', () => {
  expect(csvFileName('listBrandReportCitations', ['br_1', 'a/b"c'], new Date('2026-11-26T23:59:00Z'))).toBe('listBrandReportCitations-br_1-a_b_c-2026-11-26.csv');
});
