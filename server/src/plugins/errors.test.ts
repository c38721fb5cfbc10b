import net from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import { loggerOptions } from '../server-options';
import { createPostgresTestDatabase, openTestDatabase } from '../test/database';

const SECRET = 'argon2id-hash-of-a-password-nobody-may-read';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function testConfig() {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', CLIENT_DIST: '/nonexistent' });
}

/** The real app, writing its log lines where the test can read them. */
async function appWithLog(database: Database, routes: (app: FastifyInstance) => void) {
  const lines: string[] = [];
  const config = testConfig();
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config, { write: (line: string) => void lines.push(line) }),
  });
  routes(app);
  await app.ready();
  return { app, lines, logged: () => lines.map((line) => JSON.parse(line) as LogLine) };
}

interface LogLine {
  msg: string;
  reqId?: string;
  err?: Record<string, unknown>;
}

/** What drizzle throws when the driver fails. */
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select * from "users" where "email" = $1', [SECRET], cause);
const serverError = (code: string, message: string) =>
  Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });
const socketError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, syscall: 'connect' });

describe('database errors', () => {
  let database: Database;
  let probe: Awaited<ReturnType<typeof appWithLog>>;
  let failWith: Error;
  beforeAll(async () => {
    database = await openTestDatabase();
    probe = await appWithLog(database, (app) => {
      // A query that fails on the server with the secret among its parameters.
      app.get('/probe/failing-query', async () =>
        database.db.execute(sql`select length(${SECRET}) / 0 as broken`),
      );
      app.get('/probe/throw', async () => {
        throw failWith;
      });
    });
  });
  afterAll(async () => {
    await probe?.app.close();
    await database?.close();
  });

  it('log the SQLSTATE, the message and the request id, never the parameters', async () => {
    const res = await probe.app.inject('/probe/failing-query');
    expect(res.statusCode).toBe(500);
    expect(probe.lines.join('\n')).not.toContain(SECRET);
    const line = probe.logged().find((l) => l.reqId === res.json().requestId && l.err);
    expect(line?.err).toMatchObject({ code: '22012', message: 'division by zero' });
  });

  it('answer 503 with Retry-After while the database is away, and log no parameters', async () => {
    const shapes = [
      serverError('57P01', 'terminating connection due to administrator command'),
      serverError('57P03', 'the database system is starting up'),
      serverError('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      socketError('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.5:5432'),
      socketError('ECONNRESET', 'read ECONNRESET'),
    ];
    for (const cause of shapes) {
      failWith = wrapped(cause);
      const res = await probe.app.inject('/probe/throw');
      expect(res.statusCode, cause.message).toBe(503);
      expect(res.headers['retry-after'], cause.message).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ code: 'unavailable', requestId: expect.any(String) });
    }
    expect(probe.lines.join('\n')).not.toContain(SECRET);
    const unavailable = probe.logged().filter((l) => l.msg === 'database unavailable');
    expect(unavailable.map((l) => l.err?.code)).toEqual(
      expect.arrayContaining(['57P01', '08006', 'ECONNREFUSED']),
    );
  });

  it('keep answering 500 for a failure that is not the database being away', async () => {
    failWith = wrapped(serverError('42P01', 'relation "nope" does not exist'));
    expect((await probe.app.inject('/probe/throw')).statusCode).toBe(500);
  });
});

/** Admin SQL on the server the tests use. */
async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Stands between the app and Postgres, so a test can take the server away and bring it back. */
async function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** The server goes away: open connections drop, new ones are refused. */
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!onPostgres)('a Postgres server going away', () => {
  it('answers 503 with Retry-After when its connection is terminated mid-request', async () => {
    const shared = (await createPostgresTestDatabase())!;
    const database = openPostgres(shared.url);
    const { app } = await appWithLog(database, () => {});
    const locker = new pg.Client({ connectionString: shared.url });
    await locker.connect();
    try {
      // Hold the request inside its query, so it is terminated while it runs.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE starters IN ACCESS EXCLUSIVE MODE');
      // inject() only sends once it is awaited or then()ed.
      const pending = app.inject('/api/starters?search=terminated').then((r) => r);
      const name = new URL(shared.url).pathname.slice(1);
      // Asked from outside the locking transaction, whose view of pg_stat_activity is frozen.
      await withAdmin(process.env.TEST_DATABASE_URL!, async (admin) => {
        // The browse call's queries (autovacuum may wait too, but is no client backend).
        const pids = await vi.waitFor(
          async () => {
            const { rows } = await admin.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity
               WHERE datname = $1 AND wait_event_type = 'Lock' AND backend_type = 'client backend'`,
              [name],
            );
            expect(rows.length).toBeGreaterThan(0);
            return rows.map((row) => row.pid);
          },
          { timeout: 5000 },
        );
        await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
      });
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ code: 'unavailable' });
      await locker.query('ROLLBACK');
      expect((await app.inject('/api/starters?search=after')).statusCode).toBe(200);
    } finally {
      await locker.end().catch(() => {});
      await app.close();
      await database.close();
      await shared.drop();
    }
  });

  it('answers 503 with Retry-After while the server is down, and 200 once it is back', async () => {
    const shared = (await createPostgresTestDatabase())!;
    const target = new URL(shared.url);
    const proxy = await tcpProxy(target);
    const viaProxy = new URL(shared.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = openPostgres(viaProxy.toString());
    const { app, lines } = await appWithLog(database, () => {});
    try {
      expect((await app.inject('/api/starters?search=before')).statusCode).toBe(200);
      await proxy.stop();
      for (const search of ['down-one', 'down-two', 'down-three']) {
        const res = await app.inject(`/api/starters?search=${search}`);
        expect(res.statusCode, search).toBe(503);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
      }
      expect((await app.inject('/readyz')).statusCode).toBe(503);
      await proxy.start();
      await vi.waitFor(
        async () => expect((await app.inject('/api/starters?search=back')).statusCode).toBe(200),
        { timeout: 5000 },
      );
      expect(lines.join('\n')).not.toContain('down-two');
    } finally {
      await app.close();
      await database.close();
      await proxy.close();
      await shared.drop();
    }
  });
});
