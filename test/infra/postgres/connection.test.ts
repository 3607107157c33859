import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { createPool } from '../../../src/infra/postgres/connection.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres.js';

describePostgres()('PostgreSQL pools', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  test('a request waiting for a busy pool waits its turn past the connect timeout instead of failing', async () => {
    const pool = createPool(database.url, { size: 1, connectTimeoutMs: 200 });
    try {
      const held = await pool.connect();
      const waiting = pool.query('SELECT 1 AS answer');
      await new Promise((resolve) => setTimeout(resolve, 600));
      held.release();
      expect((await waiting).rows).toEqual([{ answer: 1 }]);
    } finally {
      await pool.end();
    }
  });

  test('a server that accepts the connection but never answers fails within the connect timeout', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const pool = createPool(`postgres://nobody:secret@127.0.0.1:${port}/none`, { connectTimeoutMs: 300 });
    try {
      const started = Date.now();
      await expect(pool.query('SELECT 1')).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await pool.end();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
