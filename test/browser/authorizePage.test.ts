import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../src/infra/browser/index.js';
import { startTestApi, type TestApi } from '../api/support/testApi.js';
import { authorizationUrl, exchangeCode, newPkce, PASSWORD, registerClient, seedUser, type SeededUser } from '../mcp/auth/support/oauthClient.js';
import { describeWithChromium } from '../support/fixtureSites/chromium.js';

const ARTIFACTS = 'test-artifacts';

/** The MCP client's loopback redirect target: records each redirect that reaches it. */
interface Callback {
  redirectUri: string;
  received: URL[];
  close(): Promise<void>;
}

async function startCallback(host: '127.0.0.1' | '::1'): Promise<Callback> {
  const received: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://callback');
    // Chromium also asks for /favicon.ico; only redirects count.
    if (url.pathname === '/callback') received.push(url);
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Signed in</title><p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = host === '::1' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
  return { redirectUri: `${origin}/callback`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let api: TestApi;
let user: SeededUser;
let browser: Browser;
let callback: Callback;

/** Console messages of a page: Chromium reports a Content-Security-Policy violation there. */
function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  return messages;
}

describeWithChromium()('the authorize page in Chromium', () => {
  beforeAll(async () => {
    api = await startTestApi();
    user = await seedUser(api);
    callback = await startCallback('127.0.0.1');
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await callback?.close();
    await api?.close();
  });

  test('sign in and allow: the browser lands on the callback with a code and the state', async () => {
    const client = await registerClient(api, { redirect_uris: [callback.redirectUri], client_name: 'Chromium test client' });
    const pkce = newPkce();
    const page = await browser.newPage();
    const messages = consoleOf(page);
    await page.goto(authorizationUrl(api, client, pkce, { redirect_uri: callback.redirectUri, scope: 'read write' }));
    expect(await page.textContent('#client-name')).toBe('Chromium test client');
    expect(await page.textContent('#scope')).toBe('read write');
    await page.fill('#email', user.email);
    await page.fill('#password', PASSWORD);
    await page.screenshot({ path: `${ARTIFACTS}/oauth-authorize-page.png`, fullPage: true });
    await Promise.all([page.waitForURL(`${callback.redirectUri}?**`), page.click('button[value=allow]')]);

    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('state-123');
    const code = landed.searchParams.get('code') as string;
    expect(callback.received.map((url) => url.searchParams.get('code'))).toContain(code);
    expect(messages.filter((message) => message.includes('Content Security Policy'))).toEqual([]);
    const tokens = await exchangeCode(api, client, code, pkce.verifier, { redirect_uri: callback.redirectUri });
    expect(tokens.status).toBe(200);
    await page.close();
  });

  test('a wrong password shows the error on the page and issues nothing', async () => {
    const client = await registerClient(api, { redirect_uris: [callback.redirectUri] });
    const page = await browser.newPage();
    await page.goto(authorizationUrl(api, client, newPkce(), { redirect_uri: callback.redirectUri }));
    const receivedBefore = callback.received.length;
    const headBefore = await api.context.eventStore.headPosition();
    await page.fill('#email', user.email);
    await page.fill('#password', 'not the password');
    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${api.url}/authorize`);
    await page.click('button[value=allow]');
    expect((await posted).status()).toBe(200);
    expect(await page.textContent('[role=alert]')).toBe('Wrong e-mail address or password.');
    expect(new URL(page.url()).pathname).toBe('/authorize');
    expect(await page.inputValue('#email')).toBe(user.email);
    expect(await page.inputValue('#password')).toBe('');
    await page.screenshot({ path: `${ARTIFACTS}/oauth-authorize-wrong-password.png`, fullPage: true });
    expect(callback.received.length).toBe(receivedBefore);
    expect(await api.context.eventStore.headPosition()).toBe(headBefore);
    await page.close();
  });

  test('a client whose redirect URI is on [::1] is redirected too (its origin cannot be named in form-action)', async () => {
    const ipv6Callback = await startCallback('::1');
    try {
      const client = await registerClient(api, { redirect_uris: [ipv6Callback.redirectUri] });
      const page = await browser.newPage();
      await page.goto(authorizationUrl(api, client, newPkce(), { redirect_uri: ipv6Callback.redirectUri }));
      await page.fill('#email', user.email);
      await page.fill('#password', PASSWORD);
      await Promise.all([page.waitForURL(`${ipv6Callback.redirectUri}?**`), page.click('button[value=allow]')]);
      expect(ipv6Callback.received).toHaveLength(1);
      expect(ipv6Callback.received[0]?.searchParams.get('code')).toMatch(/^glc_/);
      await page.close();
    } finally {
      await ipv6Callback.close();
    }
  });

  test('deny: the browser lands on the callback with access_denied', async () => {
    const client = await registerClient(api, { redirect_uris: [callback.redirectUri] });
    const page = await browser.newPage();
    await page.goto(authorizationUrl(api, client, newPkce(), { redirect_uri: callback.redirectUri }));
    await Promise.all([page.waitForURL(`${callback.redirectUri}?**`), page.click('button[value=deny]')]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('state-123');
    expect(landed.searchParams.has('code')).toBe(false);
    await page.close();
  });
});
