import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SESSIONS_FILE } from '../../../src/infra/sessions/index.js';
import { databaseOfDataDir } from '../../support/postgresServer.js';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { PASSWORD, seedUser, signIn } from './support.js';

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

const HOUR = 60 * 60 * 1000;

/** Every stored session row, as the store holds it: the sessions file beside the embedded stores, or the read models' database. */
async function storedSessionRows(): Promise<unknown[]> {
  const databaseUrl = databaseOfDataDir.get(api.dataDir);
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query('SELECT * FROM geolens_readmodels.sessions')).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(api.dataDir, SESSIONS_FILE), { readonly: true });
  try {
    return db.prepare('SELECT * FROM sessions').all();
  } finally {
    db.close();
  }
}
const moveClock = (ms: number) => (api.clock.now = new Date(api.clock.now.getTime() + ms));
const withCookie = (cookie: string, headers: Record<string, string> = {}) => ({ headers: { cookie, ...headers } });

let users = 0;
/** A new user of `team` (each test its own, so sign-in failures and sessions do not meet). */
async function newUser(options: { permission?: 'read' | 'write'; workspaceIds?: string[] | 'all'; teamId?: string } = {}) {
  const email = `user-${++users}@acme.example`;
  const userId = await seedUser(api, { teamId: options.teamId ?? team.teamId, email, ...options });
  return { email, userId };
}

describe('sign-in: POST /auth/session', () => {
  test('sets an HttpOnly, SameSite=Strict cookie on Path=/ (not Secure on http) and answers the user and a CSRF token', async () => {
    const { email, userId } = await newUser({ permission: 'read', workspaceIds: [team.workspaceId] });
    const signedIn = await signIn(api, email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.setCookie).toMatch(/^geolens_session=[0-9A-Za-z]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(signedIn.body).toEqual({
      user: { id: userId, email, teamId: team.teamId, permission: 'read', workspaceIds: [team.workspaceId] },
      csrfToken: expect.any(String),
      idleExpiresAt: new Date(api.clock.now.getTime() + 12 * HOUR).toISOString(),
    });
  });

  test('a user of every workspace has workspaceIds null', async () => {
    const { email } = await newUser();
    expect((await signIn(api, email)).body.user.workspaceIds).toBeNull();
  });

  test('a wrong password is 401 "Wrong e-mail or password" and sets no cookie', async () => {
    const { email } = await newUser();
    const refused = await signIn(api, email, 'not the password');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Wrong e-mail or password' });
    expect(refused.setCookie).toBeNull();
  });

  test('a malformed body is 400 naming the field', async () => {
    const answer = await api.call<{ message: string; errors: Array<{ path: string }> }>('POST', '/auth/session', { body: { email: 'ana@acme.example' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map(({ path }) => path)).toEqual(['password']);
    expect((await api.call('POST', '/auth/session', { rawBody: '{"email":' })).status).toBe(400);
  });

  test('only the SHA-256 of the session id is stored', async () => {
    const { email } = await newUser();
    const { sessionId } = await signIn(api, email);
    const stored = JSON.stringify(await storedSessionRows());
    expect(stored).not.toContain(sessionId);
    expect(stored).toContain(createHash('sha256').update(sessionId).digest('hex'));
  });

  test('the log holds neither the password nor the session id', async () => {
    const { email } = await newUser();
    const { sessionId } = await signIn(api, email);
    const log = api.logLines.join('\n');
    expect(log).toContain('/auth/session');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(sessionId);
  });
});

describe('the session: GET /auth/session', () => {
  test('answers the sign-in body again, with the same CSRF token', async () => {
    const { email } = await newUser();
    const signedIn = await signIn(api, email);
    const again = await api.call('GET', '/auth/session', withCookie(signedIn.cookie));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(signedIn.body);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  test('without a cookie: 401 "Not signed in"; with an unknown one: 401 "Your session expired; sign in again"', async () => {
    expect((await api.call('GET', '/auth/session')).body).toEqual({ message: 'Not signed in' });
    const unknown = await api.call('GET', '/auth/session', withCookie(`geolens_session=${'x'.repeat(43)}`));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Your session expired; sign in again' });
  });

  test('ends after 12 h without a request; each request extends it', async () => {
    const { email } = await newUser();
    const { cookie } = await signIn(api, email);
    moveClock(11 * HOUR);
    expect((await api.call('GET', '/v1/workspaces', withCookie(cookie))).status).toBe(200);
    moveClock(11 * HOUR);
    expect((await api.call('GET', '/auth/session', withCookie(cookie))).status).toBe(200);
    moveClock(12 * HOUR);
    const expired = await api.call('GET', '/v1/workspaces', withCookie(cookie));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Your session expired; sign in again' });
    expect((await api.call('GET', '/auth/session', withCookie(cookie))).status).toBe(401);
  });
});

describe('sign-out: DELETE /auth/session', () => {
  test('answers 204, clears the cookie, and the session id is dead after', async () => {
    const { email } = await newUser();
    const { cookie, body } = await signIn(api, email);
    const signedOut = await api.call('DELETE', '/auth/session', withCookie(cookie, { 'x-csrf-token': body.csrfToken }));
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.get('set-cookie')).toMatch(/^geolens_session=; HttpOnly; SameSite=Strict; Path=\/; Max-Age=0$/);
    expect((await api.call('GET', '/auth/session', withCookie(cookie))).status).toBe(401);
    expect((await api.call('GET', '/v1/workspaces', withCookie(cookie))).status).toBe(401);
  });

  test('of a session that already ended: 204 and the cookie cleared, nothing to protect', async () => {
    const ended = await api.call('DELETE', '/auth/session', withCookie(`geolens_session=${'x'.repeat(43)}`));
    expect(ended.status).toBe(204);
    expect(ended.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  test('without the CSRF token it is refused with 403 and the session lives on', async () => {
    const { email } = await newUser();
    const { cookie } = await signIn(api, email);
    const refused = await api.call('DELETE', '/auth/session', withCookie(cookie));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Missing or wrong X-CSRF-Token header' });
    expect((await api.call('GET', '/auth/session', withCookie(cookie))).status).toBe(200);
  });
});

describe('/v1 through the session cookie', () => {
  test('reads as the user and is not counted toward the API quota', async () => {
    const { email } = await newUser();
    const { cookie } = await signIn(api, email);
    const usedBefore = (await api.call<{ apiRequestsUsedCount: number }>('GET', '/v1/accounts/info', { key: team.readKey })).body.apiRequestsUsedCount;
    for (let request = 0; request < 3; request++) expect((await api.call('GET', '/v1/workspaces', withCookie(cookie))).status).toBe(200);
    const usedAfter = (await api.call<{ apiRequestsUsedCount: number }>('GET', '/v1/accounts/info', { key: team.readKey })).body.apiRequestsUsedCount;
    expect(usedAfter).toBe(usedBefore + 1);
  });

  test('a write without X-CSRF-Token is 403 and writes nothing; with it, it is done', async () => {
    const { email } = await newUser();
    const { cookie, body } = await signIn(api, email);
    const head = await api.context.eventStore.headPosition();
    const refused = await api.call('POST', `/v1/workspaces/${team.workspaceId}/tags`, { ...withCookie(cookie, { 'x-csrf-token': 'wrong' }), body: { name: 'Forged', color: 'blue' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Missing or wrong X-CSRF-Token header' });
    expect(await api.context.eventStore.headPosition()).toBe(head);
    const created = await api.call('POST', `/v1/workspaces/${team.workspaceId}/tags`, { ...withCookie(cookie, { 'x-csrf-token': body.csrfToken }), body: { name: 'Dashboard', color: 'blue' } });
    expect(created.status).toBe(201);
  });

  test("a read-only user's write is 403", async () => {
    const { email } = await newUser({ permission: 'read' });
    const { cookie, body } = await signIn(api, email);
    const refused = await api.call('POST', `/v1/workspaces/${team.workspaceId}/tags`, { ...withCookie(cookie, { 'x-csrf-token': body.csrfToken }), body: { name: 'Nope', color: 'blue' } });
    expect(refused.status).toBe(403);
  });

  test("another team's report is refused with 403", async () => {
    const otherTeam = await seedTeam(api);
    const reportId = await seedReport(api, otherTeam.workspaceId);
    await api.settle();
    const { email } = await newUser();
    const { cookie } = await signIn(api, email);
    expect((await api.call('GET', `/v1/reports/brand/${reportId}`, { key: otherTeam.readKey })).status).toBe(200);
    expect((await api.call('GET', `/v1/reports/brand/${reportId}`, withCookie(cookie))).status).toBe(403);
  });

  test('an API key, when present, wins over the cookie', async () => {
    const withDeadCookie = { key: team.readKey, headers: { cookie: `geolens_session=${'x'.repeat(43)}` } };
    expect((await api.call('GET', '/v1/workspaces', withDeadCookie)).status).toBe(200);
  });
});
