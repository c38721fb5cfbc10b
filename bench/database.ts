import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../server/src/db/client';

/**
 * An empty, migrated database for a bench: PGlite in a new temporary folder (`dir`, which the
 * server under test may open after), or the Postgres database `BENCH_DATABASE_URL` names,
 * emptied first (never point it at the `test` database).
 */
export async function openBenchDatabase(
  kind: string,
  prefix = 'cultureshare-bench-',
): Promise<{ database: Database; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  let database: Database;
  if (kind === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error('BENCH_DATABASE_URL is needed for Postgres');
    database = openPostgres(url);
    await database.db.execute(
      sql`DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public`,
    );
  } else {
    database = await openPglite(dir);
  }
  await migrateDatabase(database);
  return { database, dir };
}
