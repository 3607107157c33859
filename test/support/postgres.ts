/**
 * PostgreSQL suites run where TEST_DATABASE_URL is set or PostgreSQL answers on 127.0.0.1 with the test role,
 * each test on a database of its own (see postgresServer.ts), and are skipped with the reason printed otherwise.
 */
import { describe } from '@jest/globals';
import { postgresAvailable } from './postgresServer.js';

export { createTestDatabase, type TestDatabase } from './postgresServer.js';

/** `describe` for the PostgreSQL suites: skipped, with the reason printed once, where no server answers. */
export function describePostgres(): typeof describe | typeof describe.skip {
  if (postgresAvailable()) return describe;
  const reason = process.env.GEOLENS_POSTGRES_REASON ?? 'not probed';
  console.warn(`Skipping the PostgreSQL suites: no TEST_DATABASE_URL and no PostgreSQL on 127.0.0.1 (${reason}).`);
  return describe.skip;
}
