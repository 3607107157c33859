import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientNetwork, SignInThrottle, type SignInAttempt } from '../../../src/app/signIn/throttle.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { DocumentSignInFailures } from '../../../src/infra/sessions/documentSessionStore.js';
import { SESSIONS_FILE } from '../../../src/infra/sessions/index.js';
import { clockAt } from '../../../src/background/clock.js';

const SECOND = 1000;
const ana = (address: string): SignInAttempt => ({ email: 'ana@acme.example', address });

let dataDir: string;
let opened: SqliteDocumentStore[];
const clock = { nowMs: 0 };

/** A throttle on the sessions file of `dataDir`, as one `serve` process opens it. */
async function throttleOfProcess(): Promise<SignInThrottle> {
  const store = await SqliteDocumentStore.open(dataDir, { file: SESSIONS_FILE });
  opened.push(store);
  return new SignInThrottle(await DocumentSignInFailures.on(store), clockAt(() => new Date(clock.nowMs)));
}

/** `times` attempts that go ahead and fail; the clock moves on when one must wait first. */
async function fail(throttle: SignInThrottle, attempt: SignInAttempt, times: number): Promise<void> {
  for (let failure = 0; failure < times; failure++) {
    const wait = await throttle.reserveAttempt(attempt);
    if (wait === 0) continue;
    clock.nowMs += wait * SECOND;
    expect(await throttle.reserveAttempt(attempt)).toBe(0);
  }
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-throttle-'));
  opened = [];
  clock.nowMs = Date.parse('2026-11-15T10:00:00Z');
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the sign-in throttle, per account and client address', () => {
  test('five attempts from one address go ahead, the sixth waits 1 s', async () => {
    const throttle = await throttleOfProcess();
    await fail(throttle, ana('203.0.113.7'), 5);
    expect(await throttle.reserveAttempt(ana('203.0.113.7'))).toBe(1);
  });

  test('30 failures from one address do not slow the same account from another address, nor another account', async () => {
    const throttle = await throttleOfProcess();
    await fail(throttle, ana('203.0.113.7'), 30);
    expect(await throttle.reserveAttempt(ana('203.0.113.7'))).toBe(900);
    expect(await throttle.reserveAttempt(ana('198.51.100.1'))).toBe(0);
    expect(await throttle.reserveAttempt({ email: 'bob@acme.example', address: '203.0.113.7' })).toBe(0);
  });

  test('a success forgets the failures of its address only', async () => {
    const throttle = await throttleOfProcess();
    await fail(throttle, ana('198.51.100.1'), 6);
    await fail(throttle, ana('203.0.113.7'), 6);
    await throttle.recordSuccess(ana('198.51.100.1'));
    expect(await throttle.reserveAttempt(ana('198.51.100.1'))).toBe(0);
    expect(await throttle.reserveAttempt(ana('203.0.113.7'))).toBe(2);
  });

  test('failures are forgotten 15 minutes after the last one, and counting starts again', async () => {
    const throttle = await throttleOfProcess();
    await fail(throttle, ana('203.0.113.7'), 20);
    clock.nowMs += 15 * 60 * SECOND;
    for (let attempt = 0; attempt < 5; attempt++) expect(await throttle.reserveAttempt(ana('203.0.113.7'))).toBe(0);
    expect(await throttle.reserveAttempt(ana('203.0.113.7'))).toBe(1);
  });

  test('two processes on one data dir count together', async () => {
    const first = await throttleOfProcess();
    const second = await throttleOfProcess();
    await fail(first, ana('203.0.113.7'), 3);
    await fail(second, ana('203.0.113.7'), 3);
    expect(await first.reserveAttempt(ana('203.0.113.7'))).toBe(2);
    expect(await second.reserveAttempt(ana('203.0.113.7'))).toBe(2);
    await second.recordSuccess(ana('203.0.113.7'));
    expect(await first.reserveAttempt(ana('203.0.113.7'))).toBe(0);
  });
});

describe('the client address in the throttle key', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    [undefined, 'unknown'],
  ])('%p counts as %p', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});
