import { spawn } from 'node:child_process';
import { join } from 'node:path';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'geolens');
/** Node's flags as `npm start`, the image and `bin/geolens` itself launch the service. */
const NODE_FLAGS = ['--max-semi-space-size=64'];

/** `geolens serve` as its own process (a user's, started from the CLI) on `dataDir`, on an ephemeral loopback port. */
export function startServeProcess(dataDir: string, environment: Record<string, string>): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...NODE_FLAGS, bin, 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', GEOLENS_DEMO: '0', LOG_LEVEL: 'silent', ...environment },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let printed = '';
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      printed += chunk;
      const url = /geolens is running at (http:\/\/\S+)/.exec(printed)?.[1];
      if (url === undefined) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({
        url,
        pid: child.pid as number,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`geolens serve exited with ${code} before listening`)));
  });
}
