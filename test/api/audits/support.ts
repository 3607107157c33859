import { pino } from 'pino';
import { createAuditJobRunner } from '../../../src/app/audits/worker.js';
import type { FanOutSources } from '../../../src/engines/fanOut/index.js';
import { createChromiumRenderer, type ChromiumRenderer } from '../../../src/infra/browser/index.js';
import { createSafeFetcher } from '../../../src/infra/http/index.js';
import type { Answer, TestApi } from '../support/testApi.js';

export interface TestWorker {
  /** Runs every waiting audit to its end in this process, then lets the read models apply the outcomes. */
  runAll(): Promise<void>;
  /** Runs each audit as it arrives, as `serve`'s worker does, until `close`. */
  start(): void;
  close(): Promise<void>;
}

export interface TestWorkerOptions {
  /** AUDIT_ALLOW_PRIVATE_NETWORKS: the fixture sites are on loopback. */
  allowPrivateNetworks?: boolean;
  fanOutSources?: FanOutSources;
  /** The renderer's deadline for a whole render. */
  renderDeadlineMs?: number;
}

/**
 * The audit worker on the test API's stores, driven by the test: the API answers while nothing runs the checks,
 * so a test sees the pending state first and every state after it, in order.
 */
export function testWorker(api: TestApi, options: TestWorkerOptions = {}): TestWorker {
  const fetcher = createSafeFetcher({ allowPrivateNetworks: options.allowPrivateNetworks ?? true });
  let renderer: ChromiumRenderer | null = null;
  const deadline = options.renderDeadlineMs === undefined ? {} : { deadlineMs: options.renderDeadlineMs };
  const lazyRenderer = { render: (...args: Parameters<ChromiumRenderer['render']>) => (renderer ??= createChromiumRenderer({ fetcher, ...deadline })).render(...args) };
  const runner = createAuditJobRunner(
    { context: api.context, readModels: api.services.readModels },
    { fetcher, renderer: lazyRenderer, fanOutSources: options.fanOutSources ?? {} },
    { owner: `test-worker-${Math.random()}`, logger: pino({ level: 'silent' }), pollMs: 20 },
  );
  return {
    async runAll() {
      await api.settle();
      await runner.drain();
      await api.settle();
    },
    start: () => runner.start(),
    async close() {
      // As serve's worker stops: a render whose page spins ends as the browser closes, not at its deadline.
      await Promise.all([runner.stop(), renderer?.close()]);
    },
  };
}

/** Every page of a cursor list. */
export async function allPages<Item>(api: TestApi, path: string, key: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let cursor: string | null = null; ; ) {
    const separator = path.includes('?') ? '&' : '?';
    const page: Answer<{ items: Item[]; paging: { nextCursor: string | null } }> = await api.call('GET', `${path}${cursor ? `${separator}cursor=${cursor}` : ''}`, { key });
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}: ${JSON.stringify(page.body)}`);
    items.push(...page.body.items);
    cursor = page.body.paging.nextCursor;
    if (cursor === null) return items;
  }
}
