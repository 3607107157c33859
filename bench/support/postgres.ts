/**
 * The PostgreSQL server of the benchmarks: TEST_DATABASE_URL (as `.ci/postgres` sets it), else the test role on
 * 127.0.0.1. Each benchmark gets a database of its own, dropped after; without a server the PostgreSQL
 * benchmarks are skipped with the reason.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describeDatabaseUrl } from '../../src/infra/postgres/connection.js';

const DEFAULT_URL = 'postgres://geolens_test:geolens_test@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<R>(adminUrl: string, work: (client: pg.Client) => Promise<R>): Promise<R> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database (geolens migrates it when it opens it), or the reason there is none. */
export async function createBenchDatabase(): Promise<BenchDatabase | { skipped: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_URL;
  const name = `geolens_bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  try {
    await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const where = process.env.TEST_DATABASE_URL ? `TEST_DATABASE_URL (${describeDatabaseUrl(adminUrl)})` : 'the test role on 127.0.0.1:5432 (no TEST_DATABASE_URL)';
    return { skipped: `no PostgreSQL to use at ${where}: ${reason}` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** Runs `bench` on a fresh database and drops it after; prints why and measures nothing without a server. */
export async function onBenchDatabase(bench: (url: string) => Promise<Record<string, number>>): Promise<Record<string, number>> {
  const database = await createBenchDatabase();
  if ('skipped' in database) {
    process.stdout.write(`  skipped: ${database.skipped}\n`);
    return {};
  }
  try {
    return await bench(database.url);
  } finally {
    await database.drop();
  }
}
