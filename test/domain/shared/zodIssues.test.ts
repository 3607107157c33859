import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { issuesFromZod, parseOrThrow, validationErrorFromZod } from '../../../src/domain/shared/zodIssues.js';

const schema = z.object({ items: z.array(z.object({ name: z.string() }).strict()).max(1) }).strict();

const zodErrorOf = (input: unknown): z.ZodError => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error;
};

describe('zod issues to a ValidationError', () => {
  test('paths are dotted, with array indexes', () => {
    expect(issuesFromZod(zodErrorOf({ items: [{ name: 1 }] }))).toEqual([
      { path: 'items.0.name', message: expect.any(String), code: 'invalid_type' },
    ]);
  });

  test('each unrecognized key becomes one issue naming that key', () => {
    expect(issuesFromZod(zodErrorOf({ items: [{ name: 'a', color: 'red' }], extra: 1, other: 2 }))).toEqual([
      { path: 'items.0.color', message: 'Unrecognized field "color"', code: 'unrecognized_keys' },
      { path: 'extra', message: 'Unrecognized field "extra"', code: 'unrecognized_keys' },
      { path: 'other', message: 'Unrecognized field "other"', code: 'unrecognized_keys' },
    ]);
  });

  test('a failure of the whole input has an empty path', () => {
    expect(issuesFromZod(zodErrorOf('text'))).toEqual([
      { path: '', message: expect.any(String), code: 'invalid_type' },
    ]);
  });

  test('a union names the field of the branch the value has the shape of, not the union', () => {
    const entries = z.object({ prompts: z.array(z.union([z.string(), z.object({ text: z.string(), volume: z.number().optional() }).strict()])) });
    const issues = (input: unknown) => issuesFromZod(entries.safeParse(input).error as z.ZodError);
    expect(issues({ prompts: ['a', { text: 'b', volume: 'lots' }] })).toEqual([
      { path: 'prompts.1.volume', message: expect.stringContaining('expected number'), code: 'invalid_type' },
    ]);
    expect(issues({ prompts: [{ text: 'b', extra: 1 }] })).toEqual([{ path: 'prompts.0.extra', message: 'Unrecognized field "extra"', code: 'unrecognized_keys' }]);
    expect(issues({ prompts: [5] })).toEqual([{ path: 'prompts.0', message: expect.any(String), code: 'invalid_union' }]);
  });

  test('the error targets the body unless told otherwise, and its message names the first issue', () => {
    const error = validationErrorFromZod(zodErrorOf({ items: [{ name: 'a' }, { name: 'b' }], extra: 1 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.target).toBe('body');
    expect(error.message).toMatch(/^Invalid body: items: .* \(and 1 more\)$/);
    expect(validationErrorFromZod(zodErrorOf({}), 'query').target).toBe('query');
  });

  test('parseOrThrow returns the parsed value or throws the ValidationError', () => {
    expect(parseOrThrow(schema, { items: [] })).toEqual({ items: [] });
    expect(() => parseOrThrow(schema, { items: 'no' })).toThrow(ValidationError);
  });
});
