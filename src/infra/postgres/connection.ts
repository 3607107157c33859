/**
 * Pools on DATABASE_URL. A URL that names no reachable PostgreSQL stops the process with one line naming the
 * server (never the password) and the reason.
 */
import pg from 'pg';
import { migrate } from './schema.js';

// bigint (int8) columns arrive as strings by default; positions and revisions are bigints in the ports.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => BigInt(text));

/** Connections per pool: each process holds one pool for the event store and one for the read models. */
const POOL_SIZE = 10;
const CONNECT_TIMEOUT_MS = 5_000;

/** DATABASE_URL names no PostgreSQL that geolens can use: its message is the one line the process stops with. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/** `host:port/database` of a URL, for messages: never its user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

/**
 * A pool whose connect timeout bounds opening a connection to the server, not the wait for a pooled one: pg's
 * `connectionTimeoutMillis` on the pool applies to both, so a burst of requests (200 concurrent guarded updates
 * under load) failed with "timeout exceeded when trying to connect" while the server was fine. The timeout goes
 * to each client instead, and a request for a busy pool waits its turn.
 */
export function createPool(url: string, options: { size?: number; connectTimeoutMs?: number } = {}): pg.Pool {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  class TimedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis });
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: options.size ?? POOL_SIZE, Client: TimedClient });
  // An idle client that loses its server emits here; the next query reports the failure to its caller.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens a pool, proves the server answers and brings the schema up to date. */
export async function connectAndMigrate(url: string): Promise<pg.Pool> {
  const pool = createPool(url);
  try {
    await migrate(pool);
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw unreachable(url, error);
  }
}

export function unreachable(url: string, error: unknown): DatabaseUnavailableError {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('DATABASE_URL:')) return new DatabaseUnavailableError(message);
  return new DatabaseUnavailableError(`DATABASE_URL: cannot use PostgreSQL at ${describeDatabaseUrl(url)} (${message.split('\n')[0]})`);
}
