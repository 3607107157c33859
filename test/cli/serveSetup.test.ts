import { afterEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type ServeProcess } from '../support/serveProcess.js';

/** `geolens serve` on an empty store with GEOLENS_DEMO=0, as a person who installs geolens starts it. */
const FIELDS = { teamName: 'Acme', workspaceName: 'Acme site', email: 'admin@acme.test', password: 'a long enough secret' };

let serve: ServeProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await serve?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  serve = undefined;
});

const printedSetupUrl = (banner: string): string | undefined => /setup: (http\S+\/setup\?token=\w+)/.exec(banner)?.[1];

async function completeSetup(running: ServeProcess, setupUrl: string): Promise<number> {
  const url = new URL(setupUrl);
  const token = url.searchParams.get('token');
  const response = await fetch(`${running.url}/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, ...FIELDS }) });
  return response.status;
}

describe('the one-time setup URL', () => {
  test('serve prints it on an empty store; it works once, and a restart prints none', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-setup-'));
    serve = await startServe(dataDir);
    const setupUrl = printedSetupUrl(serve.printed());
    expect(setupUrl).toBeDefined();
    const pagePath = new URL(setupUrl ?? '').pathname + new URL(setupUrl ?? '').search;
    expect((await fetch(`${serve.url}${pagePath}`)).status).toBe(200);
    expect(await completeSetup(serve, setupUrl ?? '')).toBe(201);
    expect(await completeSetup(serve, setupUrl ?? '')).toBe(404);
    await serve.stop();
    serve = await startServe(dataDir);
    expect(printedSetupUrl(serve.printed())).toBeUndefined();
    expect((await fetch(`${serve.url}${pagePath}`)).status).toBe(404);
  }, 90_000);

  test('with several serve workers, the printed token works on whichever worker answers, once', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-setup-workers-'));
    serve = await startServe(dataDir, { SERVE_WORKERS: '2' });
    const setupUrl = printedSetupUrl(serve.printed()) ?? '';
    const statuses = await Promise.all([completeSetup(serve, setupUrl), completeSetup(serve, setupUrl), completeSetup(serve, setupUrl)]);
    expect(statuses.sort()).toEqual([201, 404, 404]);
  }, 90_000);
});
