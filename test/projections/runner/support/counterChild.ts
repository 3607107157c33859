import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Position } from '../../../../src/ports/eventStore.js';

const fixture = join(import.meta.dirname, '..', 'fixtures', 'runCounter.ts');

/**
 * Runs the counter projection in a child process on `stores` (a data directory, or a PostgreSQL URL) until it
 * has committed past `killAfter` (then SIGKILL) or has caught up with `target`.
 */
export function runCounterChild(stores: string, target: Position, killAfter: bigint | null): Promise<'killed' | 'done'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, stores, target.toString()], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const positions = chunk.split('\n').filter((line) => /^\d+$/.test(line));
      const newest = positions.at(-1);
      if (!killed && killAfter !== null && newest !== undefined && BigInt(newest) >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0) resolve('done');
      else reject(new Error(`child exited with ${code}`));
    });
  });
}
