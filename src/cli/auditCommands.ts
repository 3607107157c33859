import type { Command } from 'commander';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import {
  createContentCheckOperation,
  createCrawlabilityCheckOperation,
  getContentCheckOperation,
  getCrawlabilityCheckOperation,
} from '../app/audits/operations.js';
import { AUDIT_JOBS } from '../app/audits/jobKinds.js';
import { createQueryFanOutOperation, getQueryFanOutOperation } from '../app/audits/fanOuts/operations.js';
import type { Operation } from '../app/shared/operation.js';
import { OPERATOR } from '../app/shared/principal.js';
import type { Composition } from '../compose.js';
import type { Config } from '../config.js';
import { describeCommand, topCommand } from './commandIndex.js';
import { bindOperation, type ActionRunner } from './bindOperation.js';

/** How often `--wait` reads the audit, and offers to run it here. */
const POLL_MS = 250;

/** How `--wait` follows one kind of audit to its end. */
interface Followed {
  /** The worker's job kind. */
  job: string;
  /** Names it on the progress line. */
  label: string;
  get: Operation;
  idField: string;
}

type Audit = Record<string, unknown> & { status: string };

const FINISHED = new Set(['completed', 'failed']);

/**
 * Reads the audit until it has finished, running it in this process meanwhile: a `serve` running on the same
 * stores may hold its lease, and then this process only follows; if that process dies, its lease expires and
 * this one takes the job over. A progress line on stderr when it is a terminal.
 */
async function follow(composition: Composition, followed: Followed, id: string): Promise<Audit> {
  const services = composition.createServices('on-demand');
  const worker = composition.createAuditWorker();
  const progress = process.stderr.isTTY ? new ProgressLine(`${followed.label} ${id}`) : null;
  let draining: Promise<void> | null = null;
  let failure: unknown = null;
  try {
    for (;;) {
      const audit = (await followed.get.run({ [followed.idField]: id }, { principal: OPERATOR, deps: services, log: composition.context.logger })) as Audit;
      progress?.show(audit.status);
      if (FINISHED.has(audit.status)) return audit;
      if (failure) throw failure;
      draining ??= worker
        .drain({ kind: followed.job, id })
        .catch((error: unknown) => {
          failure = error;
        })
        .finally(() => {
          draining = null;
        });
      await delay(POLL_MS);
    }
  } finally {
    progress?.end();
    await worker.stop();
    await draining;
  }
}

/** One line rewritten in place: what the audit is, its status and the seconds waited. */
class ProgressLine {
  private readonly startedAt = Date.now();

  constructor(private readonly subject: string) {}

  show(status: string): void {
    const seconds = Math.round((Date.now() - this.startedAt) / 1_000);
    process.stderr.write(`\r\x1b[2K${this.subject}: ${status} (${seconds} s)`);
  }

  end(): void {
    process.stderr.write('\n');
  }
}

/** Runs the creation, then, with `--wait`, follows what it created and prints that instead. */
const followingWith =
  (run: ActionRunner, followed: Followed): ActionRunner =>
  (flagsByField, action) =>
    run(flagsByField, async (composition, options) => {
      const created = await action(composition, options);
      return options.wait === true ? follow(composition, followed, String(created.id)) : created;
    });

const WAIT_HELP = 'run it (or follow the server running it) until it completes or fails, then print it';
const workspace = { workspaceId: '--workspace' };

/** `audit crawlability|content`, `fanout` and `worker audits`. */
export function registerAuditCommands(program: Command, run: ActionRunner, config: Config, logger: Logger): void {
  const audit = topCommand(program, 'audit');
  bindOperation(
    audit,
    'crawlability',
    createCrawlabilityCheckOperation,
    { flags: workspace },
    followingWith(run, { job: AUDIT_JOBS.crawlabilityCheck, label: 'crawlability check', get: getCrawlabilityCheckOperation, idField: 'checkId' }),
  ).option('--wait', WAIT_HELP);
  bindOperation(
    audit,
    'content',
    createContentCheckOperation,
    {
      flags: { ...workspace, crawlerIdentity: '--crawler' },
      help: { crawlerIdentity: 'the crawler whose user agent fetches the page (default ChatGPT-User)' },
    },
    followingWith(run, { job: AUDIT_JOBS.contentCheck, label: 'content check', get: getContentCheckOperation, idField: 'checkId' }),
  ).option('--wait', WAIT_HELP);
  bindOperation(
    program,
    'fanout',
    createQueryFanOutOperation,
    { description: describeCommand('fanout'), flags: { ...workspace, engines: '--engine' }, help: { engines: 'engine to expand the query on (repeatable; default chatgpt, google_ai_mode, gemini)' } },
    followingWith(run, { job: AUDIT_JOBS.queryFanOut, label: 'query fan-out', get: getQueryFanOutOperation, idField: 'fanOutId' }),
  ).option('--wait', WAIT_HELP);

  topCommand(program, 'worker')
    .command('audits')
    .description('Run only the GEO audit and query fan-out worker (with the projections it reads)')
    .action(() => runAuditWorker(config, logger));
}

/** `geolens worker audits`: until SIGINT or SIGTERM, which let the jobs under way finish. */
async function runAuditWorker(config: Config, logger: Logger): Promise<void> {
  const { compose } = await import('../compose.js');
  const composition = await compose(config, logger);
  const projections = composition.createProjectionRunner();
  await projections.start();
  const worker = composition.createAuditWorker();
  worker.start();
  logger.info('audit worker running');
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'audit worker stopping');
    await worker.stop();
    await projections.stop();
    await composition.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
