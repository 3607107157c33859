import { Command, CommanderError } from 'commander';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { compose } from '../compose.js';
import { createLogger } from '../logger.js';
import { DatabaseUnavailableError } from '../infra/postgres/connection.js';
import { isClusterWorker, startClusterPrimary, startClusterWorker } from '../cluster.js';
import { startServer } from '../server.js';
import { registerAdminCommands } from './adminCommands.js';
import { registerAlertCommands } from './alertCommands.js';
import { registerAuditCommands } from './auditCommands.js';
import { registerEventCommands } from './eventCommands.js';
import type { ActionRunner } from './bindOperation.js';
import { registerLogCommands } from './logCommands.js';
import { describeFailure, EXIT_FAILURE, EXIT_INPUT, printResult } from './output.js';
import { printBanner } from './banner.js';
import { registerMigrateCommand } from './migrateCommand.js';
import { registerReplayCommand } from './replayCommand.js';
import { registerRunCommands } from './runCommands.js';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    process.exit(EXIT_INPUT);
  }
}

/** Opens the stores, runs one command, prints its result and closes; failures become one stderr line. */
const runAction =
  (config: Config, logger: Logger): ActionRunner =>
  (flagsByField, action) =>
  async (options) => {
    const composition = await compose(config, logger);
    try {
      printResult(await action(composition, options), options.json === true);
    } catch (error) {
      const { line, exitCode } = describeFailure(error, flagsByField);
      process.stderr.write(`${line}\n`);
      process.exitCode = exitCode;
    } finally {
      await composition.close();
    }
  };

async function serve(config: Config, logger: Logger): Promise<void> {
  if (isClusterWorker()) {
    await serveUntilSignalled(await startClusterWorker(config, logger), logger);
    return;
  }
  const server = config.serveWorkers > 1 ? await startClusterPrimary(config, logger, config.serveWorkers) : await startServer(config, logger);
  printBanner(config, server);
  await serveUntilSignalled(server, logger);
}

/**
 * A stop that has not ended by then ends the process anyway: whatever was still running (an engine call without a
 * deadline of its own, a stuck store) holds a lease, which expires for the next worker to take the job over.
 */
const SHUTDOWN_DEADLINE_MS = 9_000;

async function serveUntilSignalled(server: { close(): Promise<void> }, logger: Logger): Promise<void> {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time; exiting with the work under way left to its leases');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main(argv: string[]): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const program = new Command('geolens')
    .description('Measure how a brand appears in the answers of AI search engines')
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(message.split('\n')[0] + '\n') });
  program
    .command('serve')
    .description('Serve the REST API, MCP and the background workers')
    .action(() => serve(config, logger));
  registerAdminCommands(program, runAction(config, logger));
  registerRunCommands(program, runAction(config, logger));
  registerReplayCommand(program, runAction(config, logger));
  registerMigrateCommand(program, config);
  registerLogCommands(program, runAction(config, logger));
  registerAuditCommands(program, runAction(config, logger), config, logger);
  registerEventCommands(program, runAction(config, logger));
  registerAlertCommands(program, runAction(config, logger));
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      const informational = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help';
      process.exit(informational ? 0 : EXIT_INPUT);
    }
    // A database that cannot be reached stops the process with its one line, not a stack as well.
    if (!(error instanceof DatabaseUnavailableError)) logger.error({ err: error }, 'command failed');
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT_FAILURE);
  }
}

await main(process.argv);
