import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { fetchFrom } from '../../support/clientAddress.js';
import {
  authorizationUrl,
  newPkce,
  openAuthorizePage,
  PASSWORD,
  REDIRECT_URI,
  registerClient,
  seedUser,
  submitForm,
  type RegisteredClient,
  type SeededUser,
} from './support/oauthClient.js';

let api: TestApi;
let user: SeededUser;
let client: RegisteredClient;
beforeAll(async () => {
  api = await startTestApi();
  user = await seedUser(api);
  client = await registerClient(api, { client_name: 'Claude <Desktop>' });
});
afterAll(async () => api.close());

const head = () => api.context.eventStore.headPosition();

/** Runs `attempt` and expects the event log to be exactly as long afterwards. */
async function writesNothing(attempt: () => Promise<void>): Promise<void> {
  const before = await head();
  await attempt();
  expect(await head()).toBe(before);
}

describe('the sign-in and consent page', () => {
  test('names the client and the scope, escaped, under a strict content security policy', async () => {
    const page = await openAuthorizePage(authorizationUrl(api, client, newPkce(), { scope: 'read' }));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Claude &lt;Desktop&gt;');
    expect(page.html).toMatch(/id="scope">read</);
    expect(page.html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    expect(page.action).toBe(`${api.url}/authorize`);
    expect(page.fields).toMatchObject({ client_id: client.client_id, redirect_uri: REDIRECT_URI, code_challenge_method: 'S256', state: 'state-123' });
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain(`form-action ${api.url} http://127.0.0.1:43123`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  test('deny redirects with access_denied and the state, and issues nothing', async () => {
    const form = await openAuthorizePage(authorizationUrl(api, client, newPkce()));
    await writesNothing(async () => {
      const answer = await submitForm(form, { decision: 'deny' });
      expect(answer.status).toBe(302);
      expect(answer.location?.searchParams.get('error')).toBe('access_denied');
      expect(answer.location?.searchParams.get('state')).toBe('state-123');
      expect(answer.location?.searchParams.has('code')).toBe(false);
    });
  });

  test('allow redirects with a code and the state echoed unchanged', async () => {
    const form = await openAuthorizePage(authorizationUrl(api, client, newPkce(), { state: 'a b&c=d/é' }));
    const answer = await submitForm(form, { email: user.email, password: PASSWORD, decision: 'allow' });
    expect(answer.status).toBe(302);
    expect(answer.location?.origin + (answer.location?.pathname ?? '')).toBe(REDIRECT_URI);
    expect(answer.location?.searchParams.get('code')).toMatch(/^glc_[0-9A-Za-z]{43}$/);
    expect(answer.location?.searchParams.get('state')).toBe('a b&c=d/é');
  });
});

describe('authorization requests that must fail and write nothing', () => {
  test('plain PKCE is refused: redirected with invalid_request, no page', async () => {
    const response = await fetch(authorizationUrl(api, client, newPkce(), { code_challenge_method: 'plain' }), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  test('a missing code challenge is refused', async () => {
    const response = await fetch(authorizationUrl(api, client, newPkce(), { code_challenge: undefined, code_challenge_method: undefined }), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  test('a redirect URI differing by one character is answered 400 here, never redirected to', async () => {
    for (const redirectUri of ['http://127.0.0.1:43124/callback', 'http://127.0.0.1:43123/callbacK']) {
      const response = await fetch(authorizationUrl(api, client, newPkce(), { redirect_uri: redirectUri }), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  test('even a refusal is never redirected to a redirect URI on another loopback port', async () => {
    const url = authorizationUrl(api, client, newPkce(), { redirect_uri: 'http://127.0.0.1:43124/callback', code_challenge_method: 'plain' });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  test('a resource other than BASE_URL/mcp is refused with invalid_target', async () => {
    const response = await fetch(authorizationUrl(api, client, newPkce(), { resource: `${api.url}/v1` }), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_target');
  });

  test('tampered hidden fields are validated again on post: redirect URI, PKCE method, challenge, scope, resource', async () => {
    const readOnlyClient = await registerClient(api, { scope: 'read' });
    const form = await openAuthorizePage(authorizationUrl(api, readOnlyClient, newPkce()));
    const credentials = { email: user.email, password: PASSWORD, decision: 'allow' };
    await writesNothing(async () => {
      for (const redirectUri of ['http://127.0.0.1:43124/callback', 'http://127.0.0.1:43123/callback2']) {
        const redirect = await submitForm(form, { ...credentials, redirect_uri: redirectUri });
        expect(redirect.status).toBe(400);
        expect(redirect.location).toBeNull();
      }
      for (const [field, value, error] of [
        ['code_challenge_method', 'plain', 'invalid_request'],
        ['code_challenge', 'too-short', 'invalid_request'],
        ['scope', 'read write', 'invalid_scope'],
        ['resource', 'https://elsewhere.example/mcp', 'invalid_target'],
      ] as const) {
        const answer = await submitForm(form, { ...credentials, [field]: value });
        expect(answer.status).toBe(302);
        expect(answer.location?.searchParams.get('error')).toBe(error);
        expect(answer.location?.searchParams.has('code')).toBe(false);
      }
    });
  });

  test('a wrong password re-shows the form with an error and issues nothing', async () => {
    const form = await openAuthorizePage(authorizationUrl(api, client, newPkce()));
    await writesNothing(async () => {
      const answer = await submitForm(form, { email: user.email, password: 'wrong password', decision: 'allow' });
      expect(answer.status).toBe(200);
      expect(answer.location).toBeNull();
      expect(answer.html).toContain('Wrong e-mail address or password.');
      expect(answer.html).toContain(`value="${user.email}"`);
      expect(answer.html).not.toContain('wrong password');
    });
  });

  test('an unknown e-mail address is answered like a wrong password', async () => {
    const form = await openAuthorizePage(authorizationUrl(api, client, newPkce()));
    const answer = await submitForm(form, { email: 'nobody@acme.example', password: PASSWORD, decision: 'allow' });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Wrong e-mail address or password.');
  });

  test('after 5 failures for one e-mail, sign-ins wait, even with the right password, until the clock moves on', async () => {
    const victim = await seedUser(api, 'read', 'victim@acme.example');
    const form = await openAuthorizePage(authorizationUrl(api, client, newPkce()));
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await submitForm(form, { email: victim.email, password: `guess ${attempt}`, decision: 'allow' })).status).toBe(200);
    }
    await writesNothing(async () => {
      const throttled = await submitForm(form, { email: victim.email, password: PASSWORD, decision: 'allow' });
      expect(throttled.status).toBe(429);
      expect(throttled.html).toContain('Too many failed sign-ins for this e-mail address. Try again in 1 second.');
      expect(throttled.location).toBeNull();
    });
    api.clock.now = new Date(api.clock.now.getTime() + 1_000);
    const allowed = await submitForm(form, { email: victim.email, password: PASSWORD, decision: 'allow' });
    expect(allowed.status).toBe(302);
    expect(allowed.location?.searchParams.get('code')).toEqual(expect.any(String));
  });

  test('30 wrong passwords for one e-mail from one address do not keep the right password from another address out', async () => {
    const victim = await seedUser(api, 'read', 'besieged@acme.example');
    const form = await openAuthorizePage(authorizationUrl(api, client, newPkce()));
    for (let attempt = 0; attempt < 30; attempt++) {
      const guess = await submitForm(form, { email: victim.email, password: `guess ${attempt}`, decision: 'allow' });
      expect([200, 429]).toContain(guess.status);
    }
    expect((await submitForm(form, { email: victim.email, password: PASSWORD, decision: 'allow' })).status).toBe(429);
    const fromElsewhere = await submitForm(form, { email: victim.email, password: PASSWORD, decision: 'allow' }, fetchFrom('127.0.0.2'));
    expect(fromElsewhere.status).toBe(302);
    expect(fromElsewhere.location?.searchParams.get('code')).toEqual(expect.any(String));
  });
});
