import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { seedDemo, type DemoCredentials } from './app/demo/seedDemo.js';
import { compose } from './compose.js';
import type { Config } from './config.js';
import { START } from './ports/eventStore.js';
import { setupUrl, startServer, type RunningServer } from './server.js';
import { FirstAdminSetup, newSetupToken } from './app/setup/firstAdmin.js';

/** What a worker tells the primary once it listens. */
interface ListeningMessage {
  type: 'geolens:listening';
  url: string;
  baseUrl: string;
}

const isListeningMessage = (message: unknown): message is ListeningMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'geolens:listening';

/** Set in a worker's environment when the primary seeded the demo: the worker answers only once caught up. */
const CATCH_UP_FIRST = 'GEOLENS_WORKER_CATCH_UP_FIRST';
/** Set in a worker's environment when the primary issued the setup token: its hash, which every worker checks. */
const SETUP_TOKEN_HASH = 'GEOLENS_WORKER_SETUP_TOKEN_SHA256';
/** A worker that dies within this long of its start is not restarted again at once (a crash loop). */
const RESTART_BACKOFF_MS = 1000;

export interface ClusterPrimary {
  url: string;
  baseUrl: string;
  demo: DemoCredentials | null;
  setupUrl: string | null;
  /** The pids of the workers serving now. */
  workerPids(): number[];
  close(): Promise<void>;
}

/**
 * `SERVE_WORKERS=n geolens serve`: n processes share the port (node:cluster; the primary hands connections out
 * in turn) and one data dir. Each worker is a whole `serve`: HTTP, projections, rebuilder, scheduler, audit
 * worker. What several processes on one data dir need is already there: a projection batch is applied once
 * whichever process gets to it (its checkpoint is read inside the batch's transaction), runs, rebuilds and
 * audit jobs are leased, usage counts are compare-and-set writes. The read models are shared, so a write
 * answered by one worker is read by any. The primary seeds the demo (once), restarts a worker that dies and
 * stops them all on SIGTERM or SIGINT.
 */
export async function startClusterPrimary(config: Config, logger: Logger, workers: number): Promise<ClusterPrimary> {
  const { demo, setupToken } = await firstStart(config, logger);
  const setupTokenHash = setupToken === null ? '' : FirstAdminSetup.hashOf(setupToken);
  let stopping = false;
  const started = new Map<number, number>();
  const fork = (): Worker => {
    const worker = cluster.fork({ GEOLENS_DEMO: '0', [SETUP_TOKEN_HASH]: setupTokenHash, ...(demo ? { [CATCH_UP_FIRST]: '1' } : {}) });
    started.set(worker.id, Date.now());
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const ranFor = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) return;
    logger.error({ workerPid: worker.process.pid, code, signal }, 'serve worker exited; starting another');
    setTimeout(fork, ranFor < RESTART_BACKOFF_MS ? RESTART_BACKOFF_MS : 0);
  });
  const listening = Array.from({ length: workers }, () => {
    const worker = fork();
    return new Promise<ListeningMessage>((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (isListeningMessage(message)) resolve(message);
      });
      worker.once('exit', (code) => reject(new Error(`serve worker ${worker.process.pid} exited with ${code} before listening`)));
    });
  });
  const first = (await Promise.all(listening))[0] as ListeningMessage;
  logger.info({ workers, url: first.url }, 'geolens is listening with several workers');
  return {
    url: first.url,
    baseUrl: first.baseUrl,
    demo,
    setupUrl: setupToken === null ? null : setupUrl(first.baseUrl, setupToken),
    workerPids: () => Object.values(cluster.workers ?? {}).flatMap((worker) => (worker?.process.pid === undefined ? [] : [worker.process.pid])),
    async close() {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** A worker of `startClusterPrimary`: a whole `serve`, which tells the primary where it listens. */
export async function startClusterWorker(config: Config, logger: Logger): Promise<RunningServer> {
  const setupTokenHash = process.env[SETUP_TOKEN_HASH] || null;
  const server = await startServer(config, logger, { catchUpBeforeListening: process.env[CATCH_UP_FIRST] === '1', setupTokenHash });
  const message: ListeningMessage = { type: 'geolens:listening', url: server.url, baseUrl: server.baseUrl };
  process.send?.(message);
  return server;
}

/** On an empty store, the demo when it is on, else a setup token (the workers check its hash). */
async function firstStart(config: Config, logger: Logger): Promise<{ demo: DemoCredentials | null; setupToken: string | null }> {
  const composition = await compose(config, logger);
  try {
    if ((await composition.context.eventStore.headPosition()) !== START) return { demo: null, setupToken: null };
    return config.demo ? { demo: await seedDemo(composition.context), setupToken: null } : { demo: null, setupToken: newSetupToken() };
  } finally {
    await composition.close();
  }
}

export const isClusterWorker = (): boolean => cluster.isWorker;
