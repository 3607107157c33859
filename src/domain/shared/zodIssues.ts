import type { z } from 'zod';
import { ValidationError, type ValidationIssue, type ValidationTarget } from './errors.js';

const dottedPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Flattens zod issues into the API's `{path, message, code}` entries. An `unrecognized_keys` issue names the
 * object holding the keys; it is split into one entry per key so that `path` names the offending field.
 */
export function issuesFromZod(error: z.ZodError): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: dottedPath([...issue.path, key]),
          message: `Unrecognized field "${key}"`,
          code: issue.code,
        }))
      : [{ path: dottedPath(issue.path), message: issue.message, code: issue.code }],
  );
}

/** One ValidationError whose message summarizes the first issue, so a one-line log or CLI error is useful. */
export function validationFailed(issues: ValidationIssue[], target: ValidationTarget = 'body'): ValidationError {
  const [first] = issues;
  const where = first && first.path !== '' ? `${first.path}: ` : '';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new ValidationError(`Invalid ${target}: ${where}${first?.message ?? 'invalid input'}${more}`, issues, target);
}

export function validationErrorFromZod(error: z.ZodError, target: ValidationTarget = 'body'): ValidationError {
  return validationFailed(issuesFromZod(error), target);
}

export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  target: ValidationTarget = 'body',
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationErrorFromZod(result.error, target);
  return result.data;
}
