import { afterEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { MemoryEventStore } from '../../support/memoryEventStore.js';
import type { BatchHandler, EventStore, SubscribeOptions, Subscription } from '../../../src/ports/eventStore.js';
import { CredentialsInMemory } from '../../../src/projections/directory/credentialsInMemory.js';

const silent = pino({ level: 'silent' });

/** An event store whose first `failures` subscriptions break (a dropped gRPC stream) at their second handler call. */
class DroppingEventStore extends MemoryEventStore {
  subscriptions = 0;

  constructor(private failures: number) {
    super();
  }

  override subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    this.subscriptions += 1;
    if (this.failures === 0) return super.subscribe(options, handler);
    this.failures -= 1;
    let calls = 0;
    return super.subscribe(options, async (events, scannedTo) => {
      calls += 1;
      if (calls > 1) throw new Error('stream dropped');
      await handler(events, scannedTo);
    });
  }
}

const issued = (keyId: string) => ({
  type: 'ApiKeyIssued',
  data: { keyId, teamId: 'tm_1', permission: 'read', workspaceIds: 'all', keyHash: `hash-${keyId}`, keyPrefix: 'glk_live_ab', issuedDate: '2026-11-01T00:00:00.000Z' },
});
const revoked = (keyId: string) => ({ type: 'ApiKeyRevoked', data: { keyId, teamId: 'tm_1', revokedDate: '2026-11-02T00:00:00.000Z' } });

let credentials: CredentialsInMemory | null = null;
let store: EventStore | null = null;

afterEach(async () => {
  await credentials?.stop();
  await store?.close();
});

describe('credentials in memory', () => {
  test('resubscribes after its subscription fails: a key revoked afterwards stops working', async () => {
    const dropping = new DroppingEventStore(1);
    store = dropping;
    await dropping.append('apiKey-k1', [issued('k1')]);
    credentials = new CredentialsInMemory(dropping, silent, { retryDelayMs: 10 });
    await credentials.start();

    const revocation = await dropping.append('apiKey-k1', [revoked('k1')], { expectedRevision: 0n });
    await credentials.waitFor(revocation.position, 2_000);

    expect(dropping.subscriptions).toBe(2);
    expect(credentials.apiKey('hash-k1')).toMatchObject({ keyId: 'k1', revoked: true });
  });

  test('waitFor rejects when the position is not reached in time', async () => {
    store = new MemoryEventStore();
    credentials = new CredentialsInMemory(store, silent);
    await credentials.start();

    await expect(credentials.waitFor(1_000n, 50)).rejects.toThrow('Credentials did not reach position 1000 within 50 ms');
  });
});
