/**
 * The PostgreSQL server of the tests: every test database is created from a template with the current schema
 * (built by the first test that needs it) and dropped after, so test files run in parallel on one server.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { connectAndMigrate } from '../../src/infra/postgres/connection.js';
import { SCHEMA_VERSION } from '../../src/infra/postgres/schema.js';

/** The database every test database is copied from . */
export const TEMPLATE_DATABASE = 'geolens_test_template';
const TEMPLATE_LOCK = 0x74706c;
export const DEFAULT_TEST_DATABASE_URL = 'postgres://geolens_test:geolens_test@127.0.0.1:5432/postgres';

/** The server's administrative URL (a database the role may connect to for CREATE DATABASE). */
export const adminUrl = (): string => process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;

export const postgresAvailable = (): boolean => process.env.GEOLENS_POSTGRES === '1';

/** The same server URL naming another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<R>(work: (client: pg.Client) => Promise<R>): Promise<R> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database with the current schema, copied from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `geolens_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await withAdmin(async (client) => {
    // Test files create databases at once; one of them (re)builds the template first, none copies it meanwhile.
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    await ensureTemplate(client);
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  });
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => dropDatabase(name),
  };
}

/** Insufficient privilege: raised by `WITH (FORCE)` when a backend of another role is in the database. */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Drops a test database and ends its connections. An autovacuum worker in it belongs to no role, and a role without
 * `pg_signal_backend` may not end it, so the drop fails until the worker is done: try again for up to 30 s.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdmin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE || attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Creates the template with the current schema where it is missing or older; the caller holds TEMPLATE_LOCK. */
async function ensureTemplate(admin: pg.Client): Promise<void> {
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE_DATABASE]);
  const templateUrl = withDatabase(adminUrl(), TEMPLATE_DATABASE);
  if (exists.rowCount === 1 && (await templateVersion(templateUrl)) === SCHEMA_VERSION) return;
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const pool = await connectAndMigrate(templateUrl);
  await pool.end();
}

async function templateVersion(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: number }>('SELECT version FROM public.geolens_schema_version').catch(() => ({ rows: [] }));
    return rows[0]?.version;
  } finally {
    await client.end();
  }
}

/**
 * The database a test API on PostgreSQL runs on, by its data directory: `runGeolens(dataDir, …)` passes it on
 * as DATABASE_URL, so a CLI process of a test reaches the server's stores whichever kind they are.
 */
export const databaseOfDataDir = new Map<string, string>();
