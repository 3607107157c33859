import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'geolens');

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed on stdout so far (the banner). */
  printed(): string;
  /** Ends the process as `kill -9` would: no shutdown hook runs. */
  kill(): Promise<void>;
  /** Asks for a clean shutdown (SIGTERM) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * `geolens serve` as a separate process on `dataDir`, on an ephemeral loopback port, without the demo team:
 * what a user runs, so a test can kill it for real. Resolves once it prints the URL it listens on.
 */
export function startServe(dataDir: string, environment: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', GEOLENS_DEMO: '0', LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /geolens is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      child.stdout?.off('data', onData);
      resolve({
        url,
        child,
        printed: () => printed,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`geolens serve exited with ${code} before listening:\n${output}`)));
  });
}

/** The demo's ids and keys from the banner of a `serve` that seeded it. */
export function demoOf(banner: string): { workspaceId: string; reportId: string; readKey: string; writeKey: string } {
  const match = (pattern: RegExp): string => pattern.exec(banner)?.[1] ?? '';
  return {
    workspaceId: match(/workspace (ws_\w+)/),
    reportId: match(/brand report (br_\w+)/),
    readKey: match(/read key:\s+(\S+)/),
    writeKey: match(/write key:\s+(\S+)/),
  };
}
