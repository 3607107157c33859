import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { databaseOfDataDir } from './postgresServer.js';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const bin = join(import.meta.dirname, '..', '..', 'bin', 'geolens');

const databaseEnvironment = (dataDir: string): Record<string, string> => {
  const url = databaseOfDataDir.get(dataDir);
  return url ? { DATABASE_URL: url } : {};
};

/** Runs `bin/geolens` as a separate process on `dataDir`, as a user would, and collects what it printed. */
export function runGeolens(dataDir: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...databaseEnvironment(dataDir) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
