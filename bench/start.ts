/**
 * Start time of the command line against `node -e 0` on the same machine: `geolens --help`, `geolens team create`
 * (opens the stores, writes one team, closes) and `geolens serve` until `/v1/health` answers. The compiled build
 * is made first (`npm run build`), so bin/geolens runs dist/. Medians of five interleaved rounds after a warm-up.
 * Runnable alone: `node --import tsx bench/start.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServeProcess } from './support/serve.js';

const ROUNDS = 5;
const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'geolens');

/** Milliseconds from spawning `node args` to its exit. */
function timedRun(args: string[], environment: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, LOG_LEVEL: 'silent', ...environment }, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`node ${args.join(' ')} exited with ${code}`))));
  });
}

/** Milliseconds from spawning `geolens serve` to its first 200 on /v1/health. */
async function timedServe(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startServeProcess(dataDir, {});
  try {
    for (;;) {
      const response = await fetch(`${server.url}/v1/health`).catch(() => null);
      if (response?.ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await server.stop();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (value: number): number => Math.round(value * 10) / 10;

export async function benchStart(): Promise<Record<string, number>> {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-start-'));
  const data = { DATA_DIR: dataDir, GEOLENS_DEMO: '0' };
  const samples = { node: [] as number[], help: [] as number[], teamCreate: [] as number[], serve: [] as number[] };
  try {
    for (let index = 0; index <= ROUNDS; index += 1) {
      const node = await timedRun(['-e', '0']);
      const help = await timedRun([bin, '--help']);
      const teamCreate = await timedRun([bin, 'team', 'create', '--name', `Bench ${index}`, '--json'], data);
      const serve = await timedServe(dataDir);
      if (index === 0) continue;
      samples.node.push(node);
      samples.help.push(help);
      samples.teamCreate.push(teamCreate);
      samples.serve.push(serve);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const nodeMs = median(samples.node);
  return {
    startNodeMs: round(nodeMs),
    startHelpMs: round(median(samples.help)),
    startHelpRatioToNode: round(median(samples.help) / nodeMs),
    startTeamCreateMs: round(median(samples.teamCreate)),
    startTeamCreateRatioToNode: round(median(samples.teamCreate) / nodeMs),
    startServeHealthMs: round(median(samples.serve)),
    startServeHealthRatioToNode: round(median(samples.serve) / nodeMs),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await benchStart(), null, 2)}\n`);
}
