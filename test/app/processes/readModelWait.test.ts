import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { ProcessRunner } from '../../../src/app/processes/processRunner.js';
import type { Services } from '../../../src/app/shared/services.js';
import { PositionWaiters } from '../../../src/background/positionWaiters.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';

let dataDir: string;
let documentStore: SqliteDocumentStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-read-model-wait-'));
  documentStore = await SqliteDocumentStore.open(dataDir);
});
afterEach(async () => {
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every line the runner logs, parsed: pino at debug into memory. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string }));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

test('a reaction whose read models take longer than a wait allows waits on: it completes, and nothing is logged at warn or error', async () => {
  const eventStore = new MemoryEventStore();
  const appended = await eventStore.append('run-1', [{ type: 'RunCompleted', data: {} }]);
  // Read models behind an import: each wait for them runs out after 50 ms; they reach the log after 400 ms.
  const readModels = new PositionWaiters('Read models');
  const services = { readYourWrites: (position: bigint | null) => (position === null ? Promise.resolve() : readModels.wait(position, 50)) } as unknown as Services;
  const { logger, lines } = capturedLogger();
  const reacted: bigint[] = [];
  const runner = new ProcessRunner(eventStore, documentStore, [{
    name: 'alerts',
    eventTypes: ['RunCompleted'],
    handle: async (event, reactionServices) => {
      await reactionServices.readYourWrites(event.position);
      reacted.push(event.position);
    },
  }], services, { logger, retryDelayMs: 10 });
  runner.start();
  try {
    setTimeout(() => readModels.release(appended.position), 400);
    await runner.waitFor(appended.position, 5_000);
    expect(reacted).toEqual([appended.position]);
    expect(lines.filter(({ level }) => level >= 40)).toEqual([]);
    expect(lines.some(({ msg }) => msg === 'read models still catching up; waiting on')).toBe(true);
  } finally {
    await runner.stop();
  }
});
