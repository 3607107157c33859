import type { z } from 'zod';
import { ValidationError, type ValidationIssue, type ValidationTarget } from './errors.js';

const dottedPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

type ZodIssue = z.ZodError['issues'][number];

/** A union branch whose only complaint is the value's type, at the union itself: the value was not of that shape. */
const isOtherShape = (branch: readonly ZodIssue[]): boolean => branch.every((issue) => issue.code === 'invalid_type' && issue.path.length === 0);

/**
 * A union's failure told through the one branch of the value's shape (`{text, intentVolume: "lots"}` fails the
 * object branch at `intentVolume`, not the string branch), its paths below the union's; the union's own issue
 * when no single branch matches the shape.
 */
function narrowed(issue: ZodIssue): ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const ofShape = issue.errors.filter((branch) => !isOtherShape(branch));
  const [branch] = ofShape;
  if (ofShape.length !== 1 || branch === undefined) return [issue];
  return branch.flatMap((inner) => narrowed({ ...inner, path: [...issue.path, ...inner.path] }));
}

/**
 * Flattens zod issues into the API's `{path, message, code}` entries. An `unrecognized_keys` issue names the
 * object holding the keys; it is split into one entry per key so that `path` names the offending field.
 */
export function issuesFromZod(error: z.ZodError): ValidationIssue[] {
  return error.issues.flatMap(narrowed).flatMap((issue): ValidationIssue[] =>
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
