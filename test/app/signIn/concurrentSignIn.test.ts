import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from '../../../src/app/signIn/signIn.js';
import { SignInThrottle } from '../../../src/app/signIn/throttle.js';
import { hashPassword } from '../../../src/app/credentials/secrets.js';
import type { Services } from '../../../src/app/shared/services.js';
import { clockAt } from '../../../src/background/clock.js';
import { PostgresDocumentStore } from '../../../src/infra/documentStore/postgresDocumentStore.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { DocumentSignInFailures } from '../../../src/infra/sessions/documentSessionStore.js';
import { SESSIONS_FILE } from '../../../src/infra/sessions/index.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import { DIRECTORY_COLLECTIONS } from '../../../src/projections/directory/documents.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres.js';

/** Failures allowed before each further attempt waits (five), the most a burst of wrong passwords may check. */
const FREE_FAILURES = 5;
const EMAIL = 'ana@acme.example';
const PASSWORD = 'the right password';
const ADDRESS = '203.0.113.7';
/** The service's clock stands still, so the first wait (1 s after the fifth failure) never passes by itself. */
const NOW = Date.parse('2026-11-15T10:00:00Z');

interface Process {
  services: Services;
  throttle: SignInThrottle;
}

/** One process's view: its own connection to the shared store, holding the user's read model and the counts. */
async function processOn(store: DocumentStore): Promise<Process> {
  const readModels = { collection: (_projection: unknown, name: string) => Promise.resolve(store.collection(name)) };
  return { services: { readModels } as unknown as Services, throttle: new SignInThrottle(await DocumentSignInFailures.on(store), clockAt(() => new Date(NOW))) };
}

async function addUser(store: DocumentStore): Promise<void> {
  const users = store.collection(DIRECTORY_COLLECTIONS.users);
  await users.insertOne({ _id: 'usr_ana', teamId: 'tm_acme', email: EMAIL, passwordHash: await hashPassword(PASSWORD), permission: 'admin', workspaceIds: 'all', createdDate: '2026-11-01T00:00:00.000Z' });
}

/** `attempts` concurrent wrong passwords for one account from one address, spread over the processes. */
async function burst(processes: readonly Process[], attempts: number): Promise<{ checked: number; throttled: number }> {
  const outcomes = await Promise.all(
    Array.from({ length: attempts }, (_, index) => {
      const { services, throttle } = processes[index % processes.length]!;
      return signIn(services, throttle, { email: EMAIL, password: `guess ${index}`, address: ADDRESS });
    }),
  );
  return { checked: outcomes.filter(({ outcome }) => outcome === 'refused').length, throttled: outcomes.filter(({ outcome }) => outcome === 'throttled').length };
}

/** Two processes' stores on one shared place, and what removes that place once they are closed. */
interface Shared {
  stores: DocumentStore[];
  remove(): Promise<void>;
}

function concurrencySuite(open: () => Promise<Shared>): void {
  let shared: Shared;
  let stores: DocumentStore[];
  beforeEach(async () => {
    shared = await open();
    stores = shared.stores;
    await addUser(stores[0]!);
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    await shared.remove();
  });

  test.each([60, 200])('%i concurrent wrong passwords from two processes: at most five are checked, the rest throttled', async (attempts) => {
    const processes = await Promise.all(stores.map(processOn));
    const { checked, throttled } = await burst(processes, attempts);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES);
    expect(checked + throttled).toBe(attempts);
  });

  test('the right password right after the burst is throttled too', async () => {
    const processes = await Promise.all(stores.map(processOn));
    await burst(processes, 60);
    const { services, throttle } = processes[0]!;
    const right = await signIn(services, throttle, { email: EMAIL, password: PASSWORD, address: ADDRESS });
    expect(right.outcome).toBe('throttled');
  });
}

describe('concurrent sign-ins on the embedded sessions file', () => {
  concurrencySuite(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'geolens-signin-burst-'));
    const open = () => SqliteDocumentStore.open(dataDir, { file: SESSIONS_FILE });
    return { stores: [await open(), await open()], remove: () => rm(dataDir, { recursive: true, force: true }) };
  });
});

describePostgres()('concurrent sign-ins on PostgreSQL', () => {
  concurrencySuite(async () => {
    const database: TestDatabase = await createTestDatabase();
    const open = () => PostgresDocumentStore.connect(database.url);
    return { stores: [await open(), await open()], remove: () => database.drop() };
  });
});
