import type { Command } from 'commander';
import type { Config } from '../config.js';
import { topCommand } from './commandIndex.js';

/**
 * `geolens migrate`: creates or upgrades the PostgreSQL schema and does nothing else (every process also does it
 * at start). The embedded stores and the EventStoreDB/MongoDB adapters keep no versioned schema.
 */
export function registerMigrateCommand(program: Command, config: Config): void {
  topCommand(program, 'migrate')
    .action(async () => {
      if (!config.databaseUrl) {
        process.stdout.write('Nothing to migrate: DATABASE_URL is not set (the embedded stores create their files when opened).\n');
        return;
      }
      process.stdout.write(`${await migrateDatabase(config.databaseUrl)}\n`);
    });
}

async function migrateDatabase(url: string): Promise<string> {
  const [{ createPool, describeDatabaseUrl, unreachable }, { migrate }] = await Promise.all([
    import('../infra/postgres/connection.js'),
    import('../infra/postgres/schema.js'),
  ]);
  const where = describeDatabaseUrl(url);
  const pool = createPool(url);
  try {
    const { from, to } = await migrate(pool);
    return from === to ? `PostgreSQL at ${where}: schema already at version ${to}` : `PostgreSQL at ${where}: schema migrated from version ${from} to ${to}`;
  } catch (error) {
    throw unreachable(url, error);
  } finally {
    await pool.end();
  }
}
