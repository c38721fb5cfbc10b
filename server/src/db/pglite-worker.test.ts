/**
 * The embedded database as `npm start` opens it: PGlite in a worker thread behind
 * `openPglite` (decision 026). Other server tests use an in-thread PGlite for speed, so
 * everything that crosses the thread is checked here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { users } from './schema';
import { fromPglite, openPglite, type Database, type Db } from './client';
import { rowsOf } from './rows';
import { isDatabaseUnavailable, isUniqueViolation, sqlState } from './errors';
import { RemotePglite, STOPPED_MESSAGE } from './pglite-remote';

let dataDir: string;
let database: Database;
let db: Db;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-worker-'));
  database = await openPglite(dataDir, { template: inject('pgliteSnapshot') });
  db = database.db;
  await db.execute(sql`CREATE TABLE probe (id int PRIMARY KEY, note text NOT NULL)`);
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const notes = async () =>
  rowsOf<{ note: string }>(await db.execute(sql`SELECT note FROM probe ORDER BY id`)).map(
    (r) => r.note,
  );

/** Lets the main thread run other work between two statements of a transaction. */
const elsewhere = () => new Promise((resolve) => setImmediate(resolve));

/** A promise to be settled from outside, to hold a transaction open as long as a test needs. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the embedded database in its worker thread', () => {
  it('opens the data folder under its lock and lets go of it on close', async () => {
    expect(fs.readFileSync(path.join(dataDir, 'cultureshare.lock'), 'utf8')).toBe(
      String(process.pid),
    );
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-worker-'));
    const second = await openPglite(other, { template: inject('pgliteSnapshot') });
    // Restored from the migrated template: the app's tables are there.
    expect((await second.db.select().from(users)).length).toBe(0);
    await second.close();
    expect(fs.existsSync(path.join(other, 'cultureshare.lock'))).toBe(false);
    fs.rmSync(other, { recursive: true, force: true });
  });

  it('starts a new data folder as a copy of a migrated database folder, as `npm start` does', async () => {
    // A migrated database folder, as `npm run build` leaves in dist/pglite-template.
    const template = inject('pgliteFolder');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-worker-'));
    // What a first start cut short in the middle of its copy would have left.
    fs.mkdirSync(path.join(folder, 'pglite', 'base'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'pglite', 'base', 'half-written'), 'x');

    const copied = await openPglite(folder, { template });
    // Only the site's own database: no template databases to copy and open (decision 106).
    expect(
      rowsOf<{ datname: string }>(
        await copied.db.execute(sql`SELECT datname FROM pg_database ORDER BY datname`),
      ).map((r) => r.datname),
    ).toEqual(['postgres']);
    await copied.db.insert(users).values({ email: 'first@example.com' });
    expect((await copied.db.select().from(users)).map((u) => u.email)).toEqual([
      'first@example.com',
    ]);
    await copied.close();
    expect(fs.readdirSync(folder).sort()).toEqual(['pglite']);
    expect(fs.existsSync(path.join(folder, 'pglite', 'base', 'half-written'))).toBe(false);
    // The template itself is untouched: a second folder starts empty.
    const again = await openPglite(folder + '-again', { template });
    expect(await again.db.select().from(users)).toEqual([]);
    await again.close();
    for (const dir of [folder, folder + '-again']) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Two database folders copied and opened: a minute on a busy machine.
  }, 90_000);

  it('commits a transaction whose statements are interleaved with work on this thread', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe VALUES (1, 'first')`);
      await elsewhere();
      await tx.execute(sql`INSERT INTO probe VALUES (2, 'second')`);
    });
    expect(await notes()).toEqual(['first', 'second']);
  });

  it('rolls a transaction back when its function throws, savepoints included', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe VALUES (3, 'never')`);
        await elsewhere();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual(['first', 'second']);

    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe VALUES (4, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO probe VALUES (5, 'inner')`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await notes()).toEqual(['first', 'second', 'outer']);
    await db.execute(sql`DELETE FROM probe WHERE id > 2`);
  });

  it('keeps concurrent transactions apart: the second waits until the first has ended', async () => {
    const events: string[] = [];
    const hold = gate();
    const first = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe VALUES (10, 'uncommitted')`);
      events.push('first wrote');
      await hold.opened;
      events.push('first ends');
      throw new Error('first rolls back');
    });
    while (!events.includes('first wrote')) await elsewhere();

    const second = db.transaction(async (tx) => {
      events.push('second starts');
      return rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM probe`))[0]!
        .n;
    });
    const outside = notes().then((n) => {
      events.push('outside query answered');
      return n;
    });
    // Give the worker every chance to run the others early, were it to do so.
    for (let i = 0; i < 20; i++) await elsewhere();
    expect(events).toEqual(['first wrote']);

    hold.open();
    await expect(first).rejects.toThrow('first rolls back');
    expect(await second).toBe(2); // the rolled-back row was never seen
    expect(await outside).toEqual(['first', 'second']);
    expect(events.slice(0, 2)).toEqual(['first wrote', 'first ends']);
  });

  it('takes advisory locks and skips locked rows as on a server', async () => {
    const locked = await db.transaction(async (tx) => {
      const [got] = rowsOf<{ locked: boolean }>(
        await tx.execute(sql`SELECT pg_try_advisory_xact_lock(4242) AS locked`),
      );
      const rows = rowsOf(
        await tx.execute(sql`SELECT id FROM probe ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`),
      );
      return [got!.locked, rows.length];
    });
    expect(locked).toEqual([true, 1]);
  });

  it('brings a Postgres error to this thread with its code and constraint', async () => {
    const email = `twice-${Date.now()}@example.test`;
    const member = { email, firstName: 'Pat', lastName: 'Twice', username: `twice${Date.now()}` };
    await db.insert(users).values(member);
    const err = await db
      .insert(users)
      .values({ ...member, username: `${member.username}b`, email: email.toUpperCase() })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(sqlState(err)).toBe('23505');
    expect(isUniqueViolation(err)).toBe(true);
    expect((err as { cause: { constraint: string } }).cause.constraint).toBe(
      'users_email_lower_key',
    );
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('delivers notifications to listeners on this thread, until they unsubscribe', async () => {
    const heard: string[] = [];
    const stop = await database.listen('probe_channel', (payload) => heard.push(payload));
    await database.notify('probe_channel', 'hello');
    while (heard.length === 0) await elsewhere();
    expect(heard).toEqual(['hello']);
    await stop();
    await database.notify('probe_channel', 'after');
    await database.ping();
    expect(heard).toEqual(['hello']);
  });
});

describe('the server on the embedded database', () => {
  // A database thread of its own: its slow query never ends by itself, and the thread is
  // ended once the test has seen what it needs (no waiting for time to pass).
  let thread: RemotePglite;
  beforeAll(async () => {
    thread = await RemotePglite.start({ template: inject('pgliteSnapshot') });
  });
  afterAll(async () => {
    await thread?.kill();
  });

  it('answers /healthz while a slow query runs, and turns a unique violation into a 409', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIST: '/x' });
    const own = fromPglite(thread);
    const app = await buildApp({ config, database: own });
    // A route that writes the same member twice, leaving the error to the app's handler.
    app.post('/test/twice', async () => {
      const member = {
        email: 'same@example.test',
        firstName: 'A',
        lastName: 'B',
        username: 'same',
      };
      await own.db.insert(users).values(member);
      await own.db.insert(users).values({ ...member, username: 'same2' });
    });
    await app.ready();
    try {
      const conflict = await app.inject({ method: 'POST', url: '/test/twice' });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({ code: 'conflict' });

      let slowDone = false;
      const slow = own.db
        .execute(sql`SELECT pg_sleep(3600)`)
        .then(() => (slowDone = true))
        .catch((e: unknown) => e);
      const health = await app.inject('/healthz');
      // Answered while the database is still busy: the query never held this thread.
      expect(slowDone).toBe(false);
      expect(health.json()).toEqual({ status: 'ok' });
      // Ended with its thread, never answered.
      await thread.kill();
      expect(isDatabaseUnavailable(await slow)).toBe(true);
      expect(slowDone).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('a crashed database thread', () => {
  it('fails every waiting and later call as "unavailable" and says so once', async () => {
    const stopped: Error[] = [];
    const remote = await RemotePglite.start({ template: inject('pgliteSnapshot') }, (err) =>
      stopped.push(err),
    );
    const waiting = remote.query('SELECT pg_sleep(5)').catch((e: unknown) => e);
    await remote.kill();
    await remote.exited;
    const err = await waiting;
    expect(String((err as Error).message)).toMatch(STOPPED_MESSAGE);
    expect(isDatabaseUnavailable(err)).toBe(true);
    await expect(remote.query('SELECT 1')).rejects.toThrow(STOPPED_MESSAGE);
    expect(stopped).toHaveLength(1);
  });
});
