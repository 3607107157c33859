import { afterEach, describe, expect, test } from '@jest/globals';
import type { Engine, EngineRequest } from '../../../src/engines/engine.js';
import {
  EngineError,
  EngineRateLimitedError,
  EngineResponseError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../../src/engines/errors.js';
import { startFakeProvider, type FakeProvider, type Reply } from './fakeProvider.js';

export interface AdapterUnderTest {
  /** Builds the adapter against the fake provider's base URL. */
  create(baseUrl: string, timeoutMs: number): Engine;
  request: EngineRequest;
  /** A 200 body that is JSON but not the provider's documented shape. */
  malformedJson?: unknown;
}

/**
 * The failure half of every adapter's contract: each provider failure leaves as the EngineError a scheduler
 * can act on, and a caller's own abort is not mistaken for an engine failure.
 */
export function describeErrorMapping(adapter: AdapterUnderTest): void {
  describe('failures', () => {
    let provider: FakeProvider | undefined;
    afterEach(async () => {
      await provider?.close();
      provider = undefined;
    });

    const runAgainst = async (reply: Reply, timeoutMs = 5_000, signal?: AbortSignal): Promise<unknown> => {
      provider = await startFakeProvider(() => reply);
      return adapter.create(provider.baseUrl, timeoutMs).run(adapter.request, { signal }).catch((error: unknown) => error);
    };

    test('429 with Retry-After is a rate limit carrying the wait', async () => {
      const error = await runAgainst({ status: 429, headers: { 'retry-after': '7' }, json: { error: { message: 'slow down' } } });
      expect(error).toBeInstanceOf(EngineRateLimitedError);
      expect((error as EngineRateLimitedError).retryAfterMs).toBe(7_000);
      expect((error as EngineRateLimitedError).retryable).toBe(true);
    });

    test('500 is the provider being unavailable', async () => {
      const error = await runAgainst({ status: 500, json: { error: { message: 'internal error' } } });
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect((error as EngineUnavailableError).status).toBe(500);
    });

    test('401 is a refusal that a retry cannot fix', async () => {
      const error = await runAgainst({ status: 401, json: { error: { message: 'invalid key' } } });
      expect(error).toBeInstanceOf(EngineResponseError);
      expect((error as EngineResponseError).retryable).toBe(false);
    });

    test('a 200 body of another shape is a response error', async () => {
      const error = await runAgainst({ json: adapter.malformedJson ?? { unexpected: true } });
      expect(error).toBeInstanceOf(EngineResponseError);
    });

    test('a 200 body that is not JSON is a response error', async () => {
      const error = await runAgainst({ headers: { 'content-type': 'application/json' }, text: '<html>Bad gateway' });
      expect(error).toBeInstanceOf(EngineResponseError);
    });

    test('no answer before the deadline is a timeout', async () => {
      const error = await runAgainst({ hang: true }, 150);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect((error as EngineTimeoutError).timeoutMs).toBe(150);
    });

    test("the caller's abort is passed through, not reported as an engine failure", async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const error = await runAgainst({ hang: true }, 5_000, controller.signal);
      expect(error).toBeDefined();
      expect(error).not.toBeInstanceOf(EngineError);
    });
  });
}
