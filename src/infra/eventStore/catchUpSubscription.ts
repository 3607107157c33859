/**
 * Catch-up subscription for the embedded stores: page through readAll, then wait for the next change and
 * read again. One loop serves both the in-memory and the SQLite store; they differ only in how they learn
 * that something was appended.
 */
import type {
  BatchHandler,
  Position,
  ReadAllOptions,
  ReadAllResult,
  SubscribeOptions,
  Subscription,
} from '../../ports/eventStore.js';
import { START } from '../../ports/eventStore.js';
import { assertCount, DEFAULT_BATCH_SIZE } from './semantics.js';

/** Hands out a promise that settles at the next `notify()`. */
export class ChangeSignal {
  #waiting: { promise: Promise<void>; resolve: () => void } | undefined;

  next(): Promise<void> {
    if (!this.#waiting) {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((settle) => (resolve = settle));
      this.#waiting = { promise, resolve };
    }
    return this.#waiting.promise;
  }

  notify(): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve();
  }
}

export interface CatchUpSource {
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /** Settles after the next append that becomes visible after this call, by this or another process. */
  nextChange(): Promise<void>;
}

export class CatchUpSubscription implements Subscription {
  readonly done: Promise<void>;
  #stopped = false;
  readonly #stopSignal = new ChangeSignal();

  constructor(source: CatchUpSource, options: SubscribeOptions, handler: BatchHandler) {
    assertCount('batchSize', options.batchSize, 1);
    this.done = this.#run(source, options, handler);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopSignal.notify();
    await this.done.catch(() => undefined);
  }

  async #run(source: CatchUpSource, options: SubscribeOptions, handler: BatchHandler): Promise<void> {
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    const stopRequested = this.#stopSignal.next();
    let position: Position = options.from ?? START;
    while (!this.#stopped) {
      // Taken before reading, so an append that lands during the read or the handler call is not missed.
      const changed = source.nextChange();
      const page = await source.readAll({ from: position, maxCount: batchSize, filter: options.filter });
      if (this.#stopped) return;
      // A page without events has scanned to the head: reporting it lets a filtered reader know it is
      // caught up (and checkpoint past what it skipped).
      if (page.events.length > 0 || page.scannedTo > position) {
        await handler(page.events, page.scannedTo);
        position = page.scannedTo;
      }
      if (page.events.length < batchSize) await Promise.race([changed, stopRequested]);
    }
  }
}
