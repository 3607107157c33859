import { afterEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { SubscriptionLoop, type SubscriptionStep } from '../../src/background/subscriptionLoop.js';
import { MemoryEventStore } from '../support/memoryEventStore.js';
import type { Position, RecordedEvent } from '../../src/ports/eventStore.js';

const silent = pino({ level: 'silent' });

/** A step that records what it handles and keeps its checkpoint in memory; `failAt` positions throw once. */
function recordingStep(failAt: Set<Position> = new Set()) {
  const handled: Position[] = [];
  const checkpoints: Position[] = [];
  let stored: Position = 0n;
  let loop: SubscriptionLoop | null = null;
  const step: SubscriptionStep = {
    checkpoint: async () => {
      checkpoints.push(stored);
      return stored;
    },
    handle: async (events: RecordedEvent[], scannedTo: Position) => {
      for (const event of events) {
        if (failAt.delete(event.position)) throw new Error(`failed at ${event.position}`);
        handled.push(event.position);
        stored = event.position;
      }
      if (scannedTo > stored) stored = scannedTo;
      loop?.advance(stored);
    },
  };
  return { step, handled, checkpoints, bind: (bound: SubscriptionLoop) => (loop = bound) };
}

const append = (store: MemoryEventStore, count: number) =>
  store.append('stream-1', Array.from({ length: count }, (_, index) => ({ type: 'Ticked', data: { index } })));

let running: SubscriptionLoop | null = null;

afterEach(async () => {
  await running?.stop();
  running = null;
});

describe('SubscriptionLoop', () => {
  test('subscribes from the step checkpoint and waitFor resolves once the step advanced there', async () => {
    const store = new MemoryEventStore();
    const { position } = await append(store, 3);
    const recording = recordingStep();
    running = recording.bind(new SubscriptionLoop(store, recording.step, { subject: 'Ticks', eventTypes: ['Ticked'], logger: silent, failureMessage: 'failed' }));
    running.start();
    await running.waitFor(position, 1_000);
    expect(recording.handled).toHaveLength(3);
    expect(running.position).toBe(position);
  });

  test('after a failed batch it pauses, subscribes again from the checkpoint, and handles each event once', async () => {
    const store = new MemoryEventStore();
    await append(store, 2);
    const failing = (await store.readAll({})).events[1]?.position as Position;
    const recording = recordingStep(new Set([failing]));
    running = recording.bind(
      new SubscriptionLoop(store, recording.step, { subject: 'Ticks', eventTypes: ['Ticked'], logger: silent, failureMessage: 'failed', retryDelayMs: 10 }),
    );
    running.start();
    const { position } = await append(store, 1);
    await running.waitFor(position, 1_000);
    expect(recording.checkpoints.length).toBeGreaterThanOrEqual(2);
    expect(new Set(recording.handled).size).toBe(recording.handled.length);
    expect(recording.handled).toHaveLength(3);
  });

  test('waitFor rejects after its timeout, naming the subject', async () => {
    const store = new MemoryEventStore();
    const recording = recordingStep();
    running = recording.bind(new SubscriptionLoop(store, recording.step, { subject: 'Ticks', eventTypes: ['Ticked'], logger: silent, failureMessage: 'failed' }));
    running.start();
    await expect(running.waitFor(50n, 30)).rejects.toThrow('Ticks did not reach position 50 within 30 ms');
  });

  test('stop() ends the pause after a failure at once instead of waiting it out', async () => {
    const store = new MemoryEventStore();
    await append(store, 1);
    const first = (await store.readAll({})).events[0]?.position as Position;
    const recording = recordingStep(new Set([first]));
    const loop = recording.bind(
      new SubscriptionLoop(store, recording.step, { subject: 'Ticks', eventTypes: ['Ticked'], logger: silent, failureMessage: 'failed', retryDelayMs: 60_000 }),
    );
    loop.start();
    while (recording.checkpoints.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await loop.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
