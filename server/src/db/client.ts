import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { projectRoot } from '../project-root';
import * as schema from './schema';
import { rowsOf } from './rows';
import { startPgliteThread, type PgliteThreadOptions } from './embedded';
import type { PgliteConnection, RemotePglite } from './pglite-remote';
import type { SnapshotResult } from './pglite-snapshot';

export { pgliteExtensions } from './pglite-extensions';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type NotificationHandler = (payload: string) => void;

/** The one database the app talks to, embedded (PGlite) or a server (node-postgres). */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Subscribe to a Postgres NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  /** Queries waiting for the database: the embedded thread's queue, or the pool's waiting clients. */
  waiting(): number;
  /**
   * The embedded database run in its worker thread: copies its folder to `dest` as it is at
   * one moment, holding queries only briefly (decision 133).
   */
  snapshot?(dest: string): Promise<SnapshotResult>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(projectRoot, 'server', 'src', 'db', 'migrations');

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

export interface MigrationEntry {
  idx: number;
  /** When it was made: drizzle's `created_at` for it once applied. */
  when: number;
  tag: string;
}

let journal: MigrationEntry[] | undefined;
/** This build's migrations, oldest first (drizzle's journal). */
export function migrationJournal(): MigrationEntry[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: MigrationEntry[];
    }
  ).entries;
  return journal;
}

/**
 * Applies this build's migrations not yet applied; with `upTo`, only those made no later
 * (restore loads an older backup into the schema it was taken from, decision 133).
 */
export async function migrateDatabase(database: Database, upTo?: number): Promise<void> {
  let folder = migrationsFolder;
  if (upTo !== undefined) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-migrations-'));
    const entries = migrationJournal().filter((e) => e.when <= upTo);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ entries }));
    for (const e of entries)
      fs.copyFileSync(
        path.join(migrationsFolder, `${e.tag}.sql`),
        path.join(folder, `${e.tag}.sql`),
      );
  }
  try {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as Parameters<typeof migratePglite>[0], {
        migrationsFolder: folder,
      });
    } else {
      await migratePg(database.db as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
    }
  } finally {
    if (folder !== migrationsFolder) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** When the newest migration this build ships was made (drizzle's `created_at` for it). */
export function headMigrationMillis(): number {
  return Math.max(...migrationJournal().map((e) => e.when));
}

/** The newest migration applied to this database (0 when none is), as drizzle records it. */
export async function appliedMigrationMillis(db: DbOrTx): Promise<number> {
  const result = await db.execute(
    sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
  );
  return Number(rowsOf<{ newest: string | null }>(result)[0]?.newest ?? 0);
}

/**
 * Whether every migration of this build has been applied. A database a newer copy has already
 * migrated further also counts: during a rolling upgrade the older copy keeps serving.
 */
export async function migrationsAtHead(db: DbOrTx): Promise<boolean> {
  return (await appliedMigrationMillis(db)) >= headMigrationMillis();
}

/**
 * Wraps an open PGlite: the server's, which lives in a worker thread (`openPglite`), or one in
 * this thread (tests restore one from a migrated snapshot; build-db-template).
 */
export function fromPglite(
  client: PgliteConnection,
  onClose: () => void | Promise<void> = () => {},
): Database {
  // Drizzle's PGlite driver calls only query() and transaction() (see pglite-remote.ts).
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async listen(channel, handler) {
      checkChannel(channel);
      const unsubscribe = await client.listen(channel, handler);
      // Once the database is closed there is nothing left to unsubscribe from.
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await client.query('SELECT 1');
    },
    waiting() {
      return 'waiting' in client && typeof client.waiting === 'number' ? client.waiting : 0;
    },
    ...('snapshot' in client && typeof client.snapshot === 'function'
      ? { snapshot: (dest: string) => (client as RemotePglite).snapshot(dest) }
      : {}),
    async close() {
      if (!client.closed) await client.close();
      await onClose();
    },
  };
}

/**
 * Opens the data folder's database in its own worker thread (decision 026): see
 * `startPgliteThread`, which main.ts calls directly so the thread starts sooner.
 */
export async function openPglite(
  dataDir: string,
  options?: PgliteThreadOptions,
): Promise<Database> {
  const { client, release } = await startPgliteThread(dataDir, options);
  return fromPglite(client, release);
}

export function openPostgres(url: string, log: (err: Error) => void = () => {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // A dropped connection must not take the process down; the next query gets a fresh one.
  pool.on('error', log);
  const db = drizzlePg(pool, { schema }) as unknown as Db;

  let listener: pg.Client | undefined;
  let listenerReady: Promise<pg.Client> | undefined;
  const handlers = new Map<string, Set<NotificationHandler>>();

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', (err) => {
      log(err);
      listener = undefined;
      listenerReady = undefined;
      // Re-subscribe on a new connection so live updates resume.
      if (handlers.size > 0) setTimeout(() => void ensureListener().catch(log), 1000);
    });
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    listener = client;
    return client;
  }

  function ensureListener(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    listenerReady ??= connectListener().catch((err) => {
      listenerReady = undefined;
      throw err;
    });
    return listenerReady;
  }

  return {
    kind: 'postgres',
    db,
    async listen(channel, handler) {
      checkChannel(channel);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      const client = await ensureListener();
      if (first) await client.query(`LISTEN ${channel}`);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await listener?.query(`UNLISTEN ${channel}`).catch(log);
        }
      };
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    waiting() {
      return pool.waitingCount;
    },
    async close() {
      handlers.clear();
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
