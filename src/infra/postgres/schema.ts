/**
 * The versioned PostgreSQL schema of geolens: the event log in schema `geolens`, one table per read-model
 * collection in schema `geolens_readmodels`. Every process migrates at start (and `geolens migrate` does only
 * that); an advisory lock makes processes that start together migrate one after the other.
 */
import type pg from 'pg';

/** Migration N (1-based) is MIGRATIONS[N - 1]; a released migration is never edited, only followed by another. */
const MIGRATIONS: readonly string[] = [
  `CREATE SCHEMA IF NOT EXISTS geolens;
   CREATE SCHEMA IF NOT EXISTS geolens_readmodels;
   CREATE TABLE geolens.events (
     position bigint PRIMARY KEY,
     stream_name text NOT NULL,
     stream_revision bigint NOT NULL,
     type text NOT NULL,
     data json NOT NULL,
     metadata json NOT NULL,
     id text NOT NULL,
     created timestamptz NOT NULL,
     UNIQUE (stream_name, stream_revision)
   );
   CREATE INDEX events_type_position ON geolens.events (type, position);
   CREATE TABLE geolens.event_head (
     only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
     position bigint NOT NULL
   );
   INSERT INTO geolens.event_head (position) VALUES (0);`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Any constant both sides agree on: the key of the lock held while migrating. */
const MIGRATION_LOCK = 0x67656f6c;

export interface MigrationResult {
  from: number;
  to: number;
}

/** Creates or upgrades the schema to SCHEMA_VERSION; refuses a database migrated by a newer geolens. */
export async function migrate(pool: pg.Pool): Promise<MigrationResult> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS public.geolens_schema_version (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM public.geolens_schema_version');
    const from = rows[0]?.version ?? 0;
    if (from > SCHEMA_VERSION) {
      throw new Error(`DATABASE_URL: the database schema is at version ${from}, newer than this geolens knows (${SCHEMA_VERSION})`);
    }
    for (const sql of MIGRATIONS.slice(from)) await client.query(sql);
    if (rows.length === 0) await client.query('INSERT INTO public.geolens_schema_version VALUES ($1)', [SCHEMA_VERSION]);
    else await client.query('UPDATE public.geolens_schema_version SET version = $1', [SCHEMA_VERSION]);
    await client.query('COMMIT');
    return { from, to: SCHEMA_VERSION };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
