import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { dashboard } from '../../../src/api/dashboard/index.js';
import { notFoundHandler } from '../../../src/api/http/errors.js';

const INDEX = '<!doctype html><title>geolens</title><script type="module" src="/assets/index-abc123.js"></script>';

let distDir: string;
let server: Server;
let url: string;

async function serve(root: string): Promise<{ server: Server; url: string }> {
  const app = express();
  app.get('/v1/health', (_request, response) => response.json({ status: 'ok' }));
  app.use(dashboard(root));
  app.use(notFoundHandler);
  const listening = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  return { server: listening, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}` };
}

describe('serving the built dashboard', () => {
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'geolens-web-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), INDEX);
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    ({ server, url } = await serve(distDir));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(distDir, { recursive: true, force: true });
  });

  test.each(['/', '/sign-in', '/reports', '/reports/br_1', '/reports/br_1/prompts/pr_1', '/reports/br_1/detection', '/reports/br_1/agents', '/audits', '/audits/crawlability/cr_1', '/audits/content/cc_1', '/fan-outs', '/fan-outs/qf_1', '/admin/workspace', '/admin/team', '/reports/br_1/alerts', '/admin/webhooks', '/admin/webhooks/wh_1'])(
    '%s answers index.html, not cached, under a same-origin content security policy',
    async (path) => {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await response.text()).toBe(INDEX);
    },
  );

  test('a hashed asset is cached for a year as immutable', async () => {
    const response = await fetch(`${url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test.each(['/assets/missing.js', '/v1/nothing', '/reports/br_1/unknown', '/mcp/x', '/favicon.ico', '/audits/other/cr_1', '/fan-outs/qf_1/x', '/admin/keys', '/admin/webhooks/wh_1/x'])('%s is the API’s JSON 404, not the page', async (path) => {
    const response = await fetch(`${url}${path}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/^No such endpoint/);
  });

  test('an API route mounted before it still answers', async () => {
    expect(await (await fetch(`${url}/v1/health`)).json()).toEqual({ status: 'ok' });
  });

  test('without a build, / says how to build it instead of a blank page', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'geolens-web-empty-'));
    const unbuilt = await serve(empty);
    try {
      const response = await fetch(`${unbuilt.url}/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build:web');
    } finally {
      await new Promise((resolve) => unbuilt.server.close(resolve));
      await rm(empty, { recursive: true, force: true });
    }
  });
});
