/**
 * Every operation of the source tree: each module that calls `defineOperation(` is imported and its exported
 * operations collected, so an operation added anywhere is in the list without anyone registering it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Operation } from '../../src/app/shared/operation.js';

const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && typeof (value as Operation).runValidated === 'function' && typeof (value as Operation).name === 'string';

function definingModules(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return definingModules(path);
    return entry.name.endsWith('.ts') && readFileSync(path, 'utf8').includes('defineOperation(') ? [path] : [];
  });
}

/** Each operation once, with the module that exports it (relative to `src/`). */
export async function allOperations(): Promise<{ operation: Operation; module: string }[]> {
  const found = new Map<Operation, string>();
  for (const path of definingModules(SOURCE)) {
    const exported = (await import(path)) as Record<string, unknown>;
    for (const value of Object.values(exported)) if (isOperation(value) && !found.has(value)) found.set(value, relative(SOURCE, path));
  }
  return [...found].map(([operation, module]) => ({ operation, module }));
}

/** The input fields that name a resource the access step resolves. */
export const RESOURCE_FIELDS = ['workspaceId', 'reportId', 'teamId'] as const;
