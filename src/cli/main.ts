import { Command, CommanderError } from 'commander';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createLogger } from '../logger.js';
import type { ActionRunner } from './bindOperation.js';
import { COMMANDS, moduleOf, topCommand, type CommandModule } from './commandIndex.js';
import { describeFailure, EXIT_FAILURE, EXIT_INPUT, printResult } from './output.js';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    process.exit(EXIT_INPUT);
  }
}

/**
 * Opens the stores, runs one command, prints its result and closes; failures become one stderr line. The stores,
 * the server and what they use are imported only when a command runs, so `--help` and bad flags answer without
 * loading them.
 */
const runAction =
  (config: Config, logger: Logger): ActionRunner =>
  (flagsByField, action) =>
  async (options) => {
    const { compose } = await import('../compose.js');
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
  const [{ isClusterWorker, startClusterPrimary, startClusterWorker }, { startServer }, { printBanner }] = await Promise.all([
    import('../cluster.js'),
    import('../server.js'),
    import('./banner.js'),
  ]);
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

type Register = (program: Command, config: Config, logger: Logger) => Promise<void>;

/**
 * How each module adds its commands. Only the module of the command being run is imported (with what it uses);
 * top-level help lists every command from the index instead.
 */
const REGISTER: Record<CommandModule, Register> = {
  serve: async (program, config, logger) => void topCommand(program, 'serve').action(() => serve(config, logger)),
  admin: async (program, config, logger) => (await import('./adminCommands.js')).registerAdminCommands(program, runAction(config, logger)),
  runs: async (program, config, logger) => (await import('./runCommands.js')).registerRunCommands(program, runAction(config, logger)),
  replay: async (program, config, logger) => (await import('./replayCommand.js')).registerReplayCommand(program, runAction(config, logger)),
  migrate: async (program, config) => (await import('./migrateCommand.js')).registerMigrateCommand(program, config),
  logs: async (program, config, logger) => (await import('./logCommands.js')).registerLogCommands(program, runAction(config, logger)),
  audits: async (program, config, logger) => (await import('./auditCommands.js')).registerAuditCommands(program, runAction(config, logger), config, logger),
  events: async (program, config, logger) => (await import('./eventCommands.js')).registerEventCommands(program, runAction(config, logger)),
  alerts: async (program, config, logger) => (await import('./alertCommands.js')).registerAlertCommands(program, runAction(config, logger)),
};

async function main(argv: string[]): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const program = new Command('geolens')
    .description('Measure how a brand appears in the answers of AI search engines')
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(message.split('\n')[0] + '\n') });
  const named = moduleOf(argv);
  if (named === null) for (const name of Object.keys(COMMANDS)) topCommand(program, name);
  else await REGISTER[named](program, config, logger);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      const informational = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help';
      process.exit(informational ? 0 : EXIT_INPUT);
    }
    // A database that cannot be reached stops the process with its one line, not a stack as well.
    if (!(error instanceof Error && error.name === 'DatabaseUnavailableError')) logger.error({ err: error }, 'command failed');
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT_FAILURE);
  }
}

await main(process.argv);
