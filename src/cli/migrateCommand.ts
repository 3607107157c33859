import type { Command } from 'commander';
import type { Config } from '../config.js';
import { createPool, describeDatabaseUrl, unreachable } from '../infra/postgres/connection.js';
import { migrate } from '../infra/postgres/schema.js';

/**
 * `geolens migrate`: creates or upgrades the PostgreSQL schema and does nothing else (every process also does it
 * at start). The embedded stores and the EventStoreDB/MongoDB adapters keep no versioned schema.
 */
export function registerMigrateCommand(program: Command, config: Config): void {
  program
    .command('migrate')
    .description('Create or upgrade the PostgreSQL schema of DATABASE_URL, then exit')
    .action(async () => {
      if (!config.databaseUrl) {
        process.stdout.write('Nothing to migrate: DATABASE_URL is not set (the embedded stores create their files when opened).\n');
        return;
      }
      process.stdout.write(`${await migrateDatabase(config.databaseUrl)}\n`);
    });
}

async function migrateDatabase(url: string): Promise<string> {
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
