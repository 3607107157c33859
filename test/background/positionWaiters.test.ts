import { describe, expect, test } from '@jest/globals';
import { PositionWaiters } from '../../src/background/positionWaiters.js';

describe('PositionWaiters', () => {
  test('a waiter resolves once a release reaches its position, and not before', async () => {
    const waiters = new PositionWaiters('Read models');
    let resolved = false;
    const waiting = waiters.wait(5n, 1_000).then(() => (resolved = true));
    waiters.release(4n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(resolved).toBe(false);
    waiters.release(7n);
    await waiting;
    expect(resolved).toBe(true);
  });

  test('one release resolves every waiter at or below the position reached and keeps the others', async () => {
    const waiters = new PositionWaiters('Credentials');
    const settled: bigint[] = [];
    for (const position of [1n, 3n, 9n]) void waiters.wait(position, 200).then(() => settled.push(position), () => settled.push(-position));
    waiters.release(3n);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toEqual([1n, 3n, -9n]);
  });

  test('a waiter the subscriber never reaches rejects after its timeout, naming what was waited for', async () => {
    const waiters = new PositionWaiters('Processes');
    await expect(waiters.wait(12n, 20)).rejects.toThrow('Processes did not reach position 12 within 20 ms');
  });
});
