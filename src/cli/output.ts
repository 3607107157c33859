import { DomainError, NotFoundError, ValidationError } from '../domain/shared/errors.js';

/** Bad command-line input: exit status 2, one line on stderr naming the flag and the problem. */
export class CliInputError extends Error {
  constructor(
    readonly flag: string,
    message: string,
  ) {
    super(`${flag}: ${message}`);
  }
}

export const EXIT_INPUT = 2;
export const EXIT_FAILURE = 1;

/**
 * Maps where a value sits in the operation's input to the flag that supplied it: a field (`teamId`), or a
 * dotted path below one where a binding moves a flag into nested input (`prompts.*.intentVolume`, `*` standing
 * for any list index). A path below a mapped one belongs to its flag (`competitors.0.brandDomain`: `--competitor`).
 */
export type FlagsByField = Record<string, string>;

/** The flag a field gets when its binding names none: `--` and the field in kebab case. */
export const defaultFlag = (field: string): string => `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The flag of the longest mapped path that `path` starts with; for an unmapped field, its kebab-case flag. */
export function flagFor(path: string, flagsByField: FlagsByField): string {
  const segments = path.split('.');
  const covers = (pattern: string) =>
    pattern.split('.').every((segment, index) => segment === segments[index] || (segment === '*' && /^\d+$/.test(segments[index] ?? '')));
  const [best] = Object.keys(flagsByField)
    .filter(covers)
    .sort((a, b) => b.split('.').length - a.split('.').length);
  if (best !== undefined) return flagsByField[best] as string;
  return path === '' ? 'input' : defaultFlag(segments[0] as string);
}

/** Converts any error raised by a command into the single stderr line and exit status it deserves. */
export function describeFailure(error: unknown, flagsByField: FlagsByField): { line: string; exitCode: number } {
  if (error instanceof CliInputError) return { line: `error: ${error.message}`, exitCode: EXIT_INPUT };
  if (error instanceof ValidationError) {
    const issue = error.issues[0];
    const path = issue?.path ?? '';
    const where = path.includes('.') ? ` (${path})` : '';
    return { line: `error: ${flagFor(path, flagsByField)}${where}: ${issue?.message ?? error.message}`, exitCode: EXIT_INPUT };
  }
  if (error instanceof NotFoundError && error.field) {
    return { line: `error: ${flagFor(error.field, flagsByField)}: ${error.message}`, exitCode: EXIT_INPUT };
  }
  // Unknown ids and state conflicts are input problems too.
  if (error instanceof DomainError && error.status < 500) {
    return { line: `error: ${error.message}`, exitCode: EXIT_INPUT };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { line: `error: ${message.split('\n')[0]}`, exitCode: EXIT_FAILURE };
}

/** With `--json` exactly one JSON object on stdout; otherwise `key: value` lines for people. */
export function printResult(result: Record<string, unknown>, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  for (const [key, value] of Object.entries(result)) {
    process.stdout.write(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}\n`);
  }
}
