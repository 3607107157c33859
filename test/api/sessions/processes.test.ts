import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGeolens } from '../../support/cli.js';
import { startServe, type ServeProcess } from '../../support/serveProcess.js';

const EMAIL = 'ana@acme.example';
const PASSWORD = 'correct horse battery staple';

let dataDir: string;
const running: ServeProcess[] = [];

async function geolens(...args: string[]): Promise<string> {
  const result = await runGeolens(dataDir, ...args, '--json');
  if (result.status !== 0) throw new Error(`geolens ${args.join(' ')} failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { id: string }).id;
}

async function serve(): Promise<ServeProcess> {
  const started = await startServe(dataDir);
  running.push(started);
  return started;
}

async function signIn(server: ServeProcess, password = PASSWORD): Promise<{ status: number; cookie: string; csrfToken: string }> {
  const response = await fetch(`${server.url}/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password }),
  });
  const body = (await response.json()) as { csrfToken?: string };
  return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '', csrfToken: body.csrfToken ?? '' };
}

const sessionAt = async (server: ServeProcess, cookie: string) => (await fetch(`${server.url}/auth/session`, { headers: { cookie } })).status;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-sessions-'));
  const teamId = await geolens('team', 'create', '--name', 'Acme');
  await geolens('user', 'create', '--team', teamId, '--email', EMAIL, '--password', PASSWORD, '--permission', 'read');
}, 60_000);

afterAll(async () => {
  for (const server of running) await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two serve processes on one data dir', () => {
  test('share sessions and sign-in failures, and a session survives a restart', async () => {
    const [first, second] = await Promise.all([serve(), serve()]);
    const { cookie, csrfToken } = await signIn(first);
    expect(await sessionAt(second, cookie)).toBe(200);

    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(attempt % 2 === 0 ? first : second, `guess ${attempt}`)).status).toBe(401);
    expect((await signIn(first, 'guess 5')).status).toBe(429);
    expect((await signIn(second, 'guess 6')).status).toBe(429);

    await first.stop();
    const restarted = await serve();
    expect(await sessionAt(restarted, cookie)).toBe(200);
    const signedOut = await fetch(`${second.url}/auth/session`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(signedOut.status).toBe(204);
    expect(await sessionAt(restarted, cookie)).toBe(401);
  }, 180_000);
});
