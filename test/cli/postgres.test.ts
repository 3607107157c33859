import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runGeolens } from '../support/cli.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../support/postgres.js';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-cli-pg-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const withDatabaseUrl = async <R>(url: string, work: () => Promise<R>): Promise<R> => {
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
};

describe('DATABASE_URL naming no reachable server', () => {
  test('stops a command with one line naming the server and why, without the password', async () => {
    const result = await withDatabaseUrl('postgres://someone:s3cret@127.0.0.1:1/geolens', () =>
      runGeolens(dataDir, 'key', 'create', '--team', 'tm_x', '--permission', 'read'),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('error: DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:1/geolens (connect ECONNREFUSED 127.0.0.1:1)\n');
  });
});

describePostgres()('geolens migrate on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  test('reports the schema already at the current version on a migrated database, and exits 0', async () => {
    const result = await withDatabaseUrl(database.url, () => runGeolens(dataDir, 'migrate'));
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(/^PostgreSQL at 127\.0\.0\.1:5432\/geolens_test_\w+: schema already at version 1\n$/);
  });

  test('a wrong password stops it with one line naming the server and the refusal', async () => {
    const url = new URL(database.url);
    url.password = 'wrong-password';
    const result = await withDatabaseUrl(url.toString(), () => runGeolens(dataDir, 'migrate'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: DATABASE_URL: cannot use PostgreSQL at 127\.0\.0\.1:5432\/geolens_test_\w+ \(password authentication failed for user "geolens_test"\)\n$/);
    expect(result.stderr).not.toContain('wrong-password');
  });
});
