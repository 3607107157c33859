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

/** Maps a field path of a domain validation issue to the flag that supplied it. */
export type FlagsByField = Record<string, string>;

/** Converts any error raised by a command into the single stderr line and exit status it deserves. */
export function describeFailure(error: unknown, flagsByField: FlagsByField): { line: string; exitCode: number } {
  if (error instanceof CliInputError) return { line: `error: ${error.message}`, exitCode: EXIT_INPUT };
  if (error instanceof ValidationError) {
    const issue = error.issues[0];
    const field = issue?.path.split('.')[0] ?? '';
    const flag = flagsByField[field] ?? (field ? `--${field}` : 'input');
    const where = issue?.path.includes('.') ? ` (${issue.path})` : '';
    return { line: `error: ${flag}${where}: ${issue?.message ?? error.message}`, exitCode: EXIT_INPUT };
  }
  if (error instanceof NotFoundError && error.field) {
    const flag = flagsByField[error.field] ?? `--${error.field}`;
    return { line: `error: ${flag}: ${error.message}`, exitCode: EXIT_INPUT };
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
