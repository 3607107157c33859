import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFile, spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServe, type ServeProcess } from '../support/serveProcess.js';

/**
 * `SERVE_WORKERS=2 geolens serve`, as a user starts it: one primary, two worker processes on one port and one data
 * dir, with the demo seeded on first start.
 */
const run = promisify(execFile);
const bin = join(import.meta.dirname, '..', '..', 'bin', 'geolens');

let dataDir: string;
let serve: ServeProcess;
let banner: { readKey: string; writeKey: string; reportId: string; workspaceId: string };

/** The primary's child processes, from the process table: pid and command line. */
async function children(): Promise<Array<{ pid: number; args: string }>> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(serve.child.pid)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ pid: Number.parseInt(line.trim(), 10), args: line.trim().replace(/^\d+\s+/, '') }));
}

/** The pids of the primary's worker processes (tsx's esbuild service is a child too, and a killed worker lingers unreaped). */
async function workerPids(): Promise<number[]> {
  return (await children()).filter(({ args }) => args.includes('geolens serve')).map(({ pid }) => pid);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A GET on a connection of its own: a kept-alive one could be to a worker killed meanwhile. */
function get(path: string, key = banner.readKey): Promise<{ status: number; json(): Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${serve.url}${path}`, { agent: false, timeout: 10_000, headers: { authorization: `Bearer ${key}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: async () => JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    request.on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`GET ${path}: no answer within 10 s`)));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-workers-'));
  serve = await startServe(dataDir, { SERVE_WORKERS: '2', GEOLENS_DEMO: '1' });
  // The banner's demo lines follow the URL line.
  const printed = await until(async () => serve.printed(), (text) => text.includes('curl -H'), 10_000);
  const field = (pattern: RegExp) => pattern.exec(printed)?.[1] ?? '';
  banner = {
    readKey: field(/read key:\s+(\S+)/),
    writeKey: field(/write key:\s+(\S+)/),
    reportId: field(/brand report (\S+)/),
    workspaceId: field(/workspace (\S+),/),
  };
}, 180_000);

afterAll(async () => {
  await serve?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('SERVE_WORKERS=2 geolens serve', () => {
  test('runs two worker processes under the primary, and the banner’s demo request works the moment it is printed', async () => {
    expect(await workerPids()).toHaveLength(2);
    const response = await get(`/v1/reports/brand/${banner.reportId}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(banner.reportId);
  });

  test('seeds the demo once: the demo team has one workspace, whichever worker answers', async () => {
    for (let request = 0; request < 6; request++) {
      const body = (await (await get('/v1/workspaces')).json()) as { items: Array<{ id: string }> };
      expect(body.items.map(({ id }) => id)).toEqual([banner.workspaceId]);
    }
  });

  test('a write answered by one worker is read back by every worker', async () => {
    const created = await fetch(`${serve.url}/v1/workspaces/${banner.workspaceId}/tags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${banner.writeKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'cluster', color: 'blue' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Connections are handed to the workers in turn, so successive requests, each on a connection of its own, reach both.
    for (let request = 0; request < 8; request++) {
      const tags = (await (await get(`/v1/workspaces/${banner.workspaceId}/tags`)).json()) as { items: Array<{ id: string }> };
      expect(tags.items.map((tag) => tag.id)).toContain(id);
    }
  });

  test('a worker killed with SIGKILL is replaced, and the other keeps answering while its replacement starts', async () => {
    const [victim, survivor] = await workerPids();
    process.kill(victim as number, 'SIGKILL');
    // Once the primary has reaped it (a connection handed over in the instant before is lost with the process).
    await until(children, (processes) => processes.every(({ pid }) => pid !== victim));
    for (let request = 0; request < 5; request++) expect((await get(`/v1/reports/brand/${banner.reportId}`)).status).toBe(200);
    const replaced = await until(workerPids, (pids) => pids.length === 2);
    expect(replaced).toHaveLength(2);
    expect(replaced).toContain(survivor);
    expect(replaced).not.toContain(victim);
  }, 90_000);
});

describe('SERVE_WORKERS', () => {
  test('a value out of range stops serve with status 2 and one line naming the variable', () => {
    const result = spawnSync(process.execPath, [bin, 'serve'], {
      env: { ...process.env, SERVE_WORKERS: '0', DATA_DIR: join(tmpdir(), 'geolens-never-created'), PORT: '0' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: Invalid configuration: SERVE_WORKERS: /)]);
  });
});

describe('stopping', () => {
  test('SIGTERM to the primary stops every worker', async () => {
    const pids = await workerPids();
    await serve.stop();
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
    expect(serve.child.exitCode).toBe(0);
  });
});
