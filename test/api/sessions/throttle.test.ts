import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { fetchFrom } from '../../support/clientAddress.js';
import { authorizationUrl, newPkce, openAuthorizePage, registerClient, submitForm } from '../../mcp/auth/support/oauthClient.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { seedUser, signIn } from './support.js';

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

describe('the dashboard sign-in throttle', () => {
  test('after 5 wrong passwords, that address gets 429 with Retry-After, while the right password from another address signs in', async () => {
    const email = 'besieged@acme.example';
    await seedUser(api, { teamId: team.teamId, email });
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(api, email, `guess ${attempt}`)).status).toBe(401);
    const response = await fetch(`${api.url}/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'guess 5' }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({ message: 'Too many failed sign-ins; try again in 1 second', retryAfterSeconds: 1 });
    const fromElsewhere = await signIn(api, email, undefined, fetchFrom('127.0.0.2'));
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.body.user.email).toBe(email);
  });

  test('shares its counts with the OAuth consent page', async () => {
    const email = 'shared@acme.example';
    await seedUser(api, { teamId: team.teamId, email });
    const client = await registerClient(api);
    const form = await openAuthorizePage(authorizationUrl(api, client, newPkce()));
    for (let attempt = 0; attempt < 3; attempt++) expect((await submitForm(form, { email, password: `guess ${attempt}`, decision: 'allow' })).status).toBe(200);
    for (let attempt = 3; attempt < 5; attempt++) expect((await signIn(api, email, `guess ${attempt}`)).status).toBe(401);
    expect((await submitForm(form, { email, password: 'guess 5', decision: 'allow' })).status).toBe(429);
    expect((await signIn(api, email, 'guess 6')).status).toBe(429);
  });
});
