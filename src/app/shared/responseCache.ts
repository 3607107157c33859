/**
 * Answers of read operations kept for the same inputs until the read models they come from move (issue 24):
 * a dashboard opens the same views of the same report many times between two runs. A key names everything an
 * answer depends on, the positions of its read models included, so a moved read model or a new history version
 * simply misses; old entries age out of the least-recently-used end, and any entry unread for `maxIdleMs` leaves
 * (a write moves the positions, so the answers of before it are never read again). Bounded by the memory the
 * answers take (`answerCost`). Callers check access before they look an answer up: a key always names the
 * workspace it was computed for.
 */

export interface ResponseCacheOptions {
  /** Upper bound on the memory of the answers held, as `answerCost` counts it. */
  maxBytes: number;
  /** An entry not read for this long is dropped. */
  maxIdleMs?: number;
  /** Milliseconds since the epoch (tests set it). */
  now?: () => number;
}

interface Entry {
  value: unknown;
  bytes: number;
  lastRead: number;
}

/** About 16 MB of ASCII JSON (a hundred 90-day `/stats` answers of a large report, or thousands of small ones). */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;
export const DEFAULT_RESPONSE_CACHE_IDLE_MS = 5 * 60_000;

/**
 * The memory a held answer takes, in bytes: its key; its JSON text, which V8 stores in two bytes a character once
 * one character is outside Latin-1 (a typographic apostrophe in a recommendation suffices), so counted as two;
 * the UTF-8 bytes sent (`jsonBody.ts` keeps them beside the answer); and the frozen answer itself, about its
 * JSON's size again. A soak's heap snapshot held 4 to 5 bytes per byte of JSON the former bound counted.
 */
export function answerCost(key: string, text: string): number {
  const utf8Bytes = Buffer.byteLength(text, 'utf8');
  return key.length + 2 * text.length + 2 * utf8Bytes;
}

/** The JSON text of each answer the cache measured, by answer: a held answer is sent many times. */
const measuredTexts = new WeakMap<object, string>();

/**
 * The JSON text of an answer this cache computed (measured to bound the cache), so an edge sends it without
 * serializing it again: a 90-day `/stats` answer is half a megabyte. Undefined for any other value.
 */
export function measuredJson(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? measuredTexts.get(value) : undefined;
}

/**
 * An answer held elsewhere than in this cache (the report detail in memory) and served to many requests: its
 * JSON text is made once, here, and `measuredJson` gives it to the edges. Answers the value.
 */
export function withHeldJson<T extends object>(value: T): T {
  measuredTexts.set(value, JSON.stringify(value));
  return value;
}

/** A key's parts in a fixed form: object keys sorted, absent fields dropped, so equal queries share one key. */
export function cacheKey(parts: Record<string, unknown>): string {
  return JSON.stringify(parts, (_field, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)))
      : value,
  );
}

/** Freezes an answer held for many callers: a caller that changed it in place would change the others' answers. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers being computed: concurrent requests for the same key wait for one computation. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private heldBytes = 0;
  private lookups = { hits: 0, misses: 0 };

  private readonly maxIdleMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions = { maxBytes: DEFAULT_RESPONSE_CACHE_BYTES }) {
    this.maxIdleMs = options.maxIdleMs ?? DEFAULT_RESPONSE_CACHE_IDLE_MS;
    this.now = options.now ?? Date.now;
  }

  /** The answer held for `key`, else `compute`'s (held when it fits); failures are not held. */
  async answer<T>(key: string, compute: () => Promise<T>): Promise<T> {
    this.dropIdle();
    const held = this.entries.get(key);
    if (held) {
      // Re-inserted: a Map iterates in insertion order, so the first entry is the least recently read.
      this.entries.delete(key);
      held.lastRead = this.now();
      this.entries.set(key, held);
      this.lookups.hits++;
      return held.value as T;
    }
    this.lookups.misses++;
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const computing = compute().then((value) => this.hold(key, deepFreeze(value)));
    this.pending.set(key, computing);
    try {
      return await computing;
    } finally {
      this.pending.delete(key);
    }
  }

  /** Entries, bytes held, hits and misses since start: what a bench or a test reads. */
  stats(): { entries: number; bytes: number; hits: number; misses: number } {
    return { entries: this.entries.size, bytes: this.heldBytes, ...this.lookups };
  }

  private hold<T>(key: string, value: T): T {
    const text: string | undefined = JSON.stringify(value);
    if (value !== null && typeof value === 'object' && text !== undefined) measuredTexts.set(value, text);
    const bytes = answerCost(key, text ?? '');
    if (bytes > this.options.maxBytes) return value;
    for (const [oldest, entry] of this.entries) {
      if (this.heldBytes + bytes <= this.options.maxBytes) break;
      this.drop(oldest, entry);
    }
    this.entries.set(key, { value, bytes, lastRead: this.now() });
    this.heldBytes += bytes;
    return value;
  }

  /** Drops the entries unread for `maxIdleMs`: the least recently read come first, so it stops at a fresh one. */
  private dropIdle(): void {
    const cutoff = this.now() - this.maxIdleMs;
    for (const [oldest, entry] of this.entries) {
      if (entry.lastRead > cutoff) break;
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }
}
