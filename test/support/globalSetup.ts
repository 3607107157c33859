/**
 * Detects once whether a container runtime exists, so that the real-server suites (EventStoreDB, MongoDB
 * under testcontainers) run where Docker does and are skipped with a stated reason where it does not; the same
 * for PostgreSQL (TEST_DATABASE_URL, else the test role on 127.0.0.1). Workers inherit the environment set here.
 * Loaded as CommonJS without the test module mapping, so it imports packages only.
 */
import pg from 'pg';

async function detectDocker(): Promise<void> {
  if (process.env.GEOLENS_DOCKER !== undefined) return;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    process.env.GEOLENS_DOCKER = '1';
  } catch (error) {
    process.env.GEOLENS_DOCKER = '0';
    process.env.GEOLENS_DOCKER_REASON = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}

/** Keep in step with test/support/postgresServer.ts. */
const DEFAULT_TEST_DATABASE_URL = 'postgres://geolens_test:geolens_test@127.0.0.1:5432/postgres';

async function detectPostgres(): Promise<void> {
  if (process.env.GEOLENS_POSTGRES !== undefined) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    process.env.GEOLENS_POSTGRES = '1';
  } catch (error) {
    process.env.GEOLENS_POSTGRES = '0';
    process.env.GEOLENS_POSTGRES_REASON = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function globalSetup(): Promise<void> {
  // One after the other: loading the container client blocks the event loop long enough to time a connection out.
  await detectPostgres();
  await detectDocker();
}
