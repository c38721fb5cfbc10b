import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { fromPglite, openPostgres, type Database, type Db, pgliteExtensions } from '../db/client';
import { rowsOf } from '../db/rows';

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

export interface TestPostgresDatabase {
  /** Connection string of the new database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A new Postgres database copied from the run's migrated template, or undefined when the
 * tests run on PGlite (no TEST_DATABASE_URL).
 */
export async function createPostgresTestDatabase(): Promise<TestPostgresDatabase | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) return undefined;
  const name = `cultureshare_test_${crypto.randomBytes(6).toString('hex')}`;
  // Copies from one template cannot run at the same moment; retry briefly when they collide.
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await withAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A fresh, migrated database for one test file: a PGlite restored from the run's snapshot,
 * or — when TEST_DATABASE_URL is set — a new Postgres database copied from the run's template.
 */
export async function openTestDatabase(): Promise<Database> {
  const postgres = await createPostgresTestDatabase();
  if (postgres) {
    const database = openPostgres(postgres.url);
    const close = database.close;
    database.close = async () => {
      await close();
      await postgres.drop();
    };
    return database;
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  const client = await PGlite.create({
    loadDataDir: new Blob([snapshot]),
    extensions: pgliteExtensions,
  });
  return fromPglite(client);
}

/** The plan Postgres chooses for a statement, as EXPLAIN prints it (one line per node). */
export async function planOf(db: Db, statement: SQL): Promise<string> {
  const lines = rowsOf<Record<string, string>>(await db.execute(sql`EXPLAIN ${statement}`));
  return lines.map((line) => Object.values(line)[0]).join('\n');
}
