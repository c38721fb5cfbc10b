/**
 * Restoring a backup (decision 133) into an empty DATA_DIR or an empty PostgreSQL database,
 * whichever the backup was made on. The target gets the schema the backup was taken at, the
 * rows, its sequences where they were, then this build's later migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config';
import {
  headMigrationMillis,
  migrateDatabase,
  migrationJournal,
  openPglite,
  openPostgres,
  type Database,
  type Tx,
} from '../db/client';
import type { PgliteThreadOptions } from '../db/embedded';
import { rowsOf } from '../db/rows';
import { releaseLeasesOfGoneProcess } from '../jobs/scheduler';
import { BackupFileError, openBackup, type BackupHeader, type BackupLine } from './backup-file';
import { quoteIdent } from './backup';

export type RestoreTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string; options?: PgliteThreadOptions };

export class RestoreError extends Error {}

/** Rows per INSERT, unless their text passes this many bytes first. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

const migrationName = (schema: BackupHeader['schema']) =>
  `migration ${schema.migrations}${schema.name ? ` (${schema.name})` : ''}`;

/** Refuses a backup this build cannot load: from a newer schema, or one it does not know. */
export function checkSchema(header: BackupHeader): void {
  const journal = migrationJournal();
  const head = journal[journal.length - 1]!;
  if (header.schema.head > headMigrationMillis()) {
    throw new RestoreError(
      `This backup was made by a newer version of CultureShare: its database is at ${migrationName(header.schema)}, ` +
        `this version's at migration ${journal.length} (${head.tag}). Upgrade CultureShare, then restore.`,
    );
  }
  if (!journal.some((e) => e.when === header.schema.head)) {
    throw new RestoreError(
      `This backup's database is at ${migrationName(header.schema)}, which this version of CultureShare does not have; restore it with the version that made it.`,
    );
  }
}

async function postgresTablesOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'drizzle')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Opens the target, refusing one that holds anything. */
async function openEmptyTarget(target: RestoreTarget, header: BackupHeader): Promise<Database> {
  if (target.kind === 'postgres') {
    const tables = await postgresTablesOf(target.url);
    if (tables > 0) {
      throw new RestoreError(
        `The database in DATABASE_URL is not empty (it has ${tables} tables). Restore only into a new, empty database: create one and point DATABASE_URL at it.`,
      );
    }
    return openPostgres(target.url);
  }
  const dir = path.resolve(target.dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new RestoreError(
      `DATA_DIR ${dir} is not empty. Restore only into an empty or new folder: set DATA_DIR to one.`,
    );
  }
  // A new folder starts from this build's migrated template (decision 002) only for a backup
  // at the same schema; an older one needs a database its older migrations can run on.
  const atHead = header.schema.head === headMigrationMillis();
  return openPglite(dir, atHead ? target.options : { ...target.options, template: '' });
}

/** Columns an INSERT may set (generated ones are computed again). */
async function insertableColumns(tx: Tx, table: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await tx.execute(sql`
      SELECT a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = ${table} AND a.attnum > 0
        AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`),
  );
  if (rows.length === 0)
    throw new RestoreError(`The backup has a table ${table} this database lacks.`);
  return rows.map((r) => r.name);
}

function cutShort(): never {
  throw new BackupFileError('The backup file is cut short; nothing was restored.');
}

/** Loads the backup's rows into the migrated, empty target, in one transaction. */
async function loadRows(tx: Tx, lines: AsyncGenerator<BackupLine>): Promise<void> {
  // As pg_restore --disable-triggers: keys and triggers rest while rows go in as they were
  // (counts kept by triggers are rows of the backup too, not to be counted twice).
  await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  const tables = rowsOf<{ name: string }>(
    await tx.execute(sql`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`),
  ).map((r) => quoteIdent(r.name));
  // Rows a migration wrote into the new database are the backup's to give.
  if (tables.length > 0) await tx.execute(sql.raw(`TRUNCATE ${tables.join(', ')}`));

  let table: string | undefined;
  let columns: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const list = columns.map(quoteIdent).join(', ');
    await tx.execute(
      sql`${sql.raw(`INSERT INTO ${quoteIdent(table!)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${quoteIdent(table!)}, `)}${`[${batch.join(',')}]`}::json)`,
    );
    batch = [];
    bytes = 0;
  };
  for await (const line of lines) {
    if ('row' in line) {
      if (!table) throw new BackupFileError('The backup file is damaged; nothing was restored.');
      batch.push(line.row);
      bytes += line.row.length;
      count += 1;
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
      continue;
    }
    const control = line.control;
    switch (control[0]) {
      case 'table':
        table = control[1];
        columns = await insertableColumns(tx, table);
        count = 0;
        break;
      case 'end':
        await flush();
        if (control[1] !== table || control[2] !== count) cutShort();
        table = undefined;
        break;
      case 'sequences':
        for (const [name, value] of Object.entries(control[1])) {
          await tx.execute(
            value === null
              ? sql`SELECT setval(${quoteIdent(name)}::regclass, 1, false)`
              : sql`SELECT setval(${quoteIdent(name)}::regclass, ${value}::bigint, true)`,
          );
        }
        break;
      case 'done':
        return;
    }
  }
  cutShort();
}

export interface RestoreResult {
  header: BackupHeader;
  /** Migrations applied after the rows went in (an older backup's). */
  migratedForward: number;
}

/** Restores `file` into `target`, which must be empty. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const { header, lines } = await openBackup(file);
  checkSchema(header);
  const database = await openEmptyTarget(target, header);
  try {
    await migrateDatabase(database, header.schema.head);
    await database.db.transaction((tx) => loadRows(tx, lines));
    await migrateDatabase(database);
    // The copy the backup came from held these; nobody here does.
    await releaseLeasesOfGoneProcess(database.db);
  } catch (err) {
    await lines.return(undefined);
    await database.close();
    // What was made of an empty folder goes, so the restore can simply be run again.
    if (target.kind === 'pglite') {
      for (const entry of fs.readdirSync(target.dataDir))
        fs.rmSync(path.join(target.dataDir, entry), { recursive: true, force: true });
      throw err;
    }
    const message = err instanceof Error ? err.message : String(err);
    throw new RestoreError(
      `${message}\nThe database now holds CultureShare's tables without the backup's rows: drop it and create it empty again before the next try.`,
    );
  }
  await database.close();
  const later = migrationJournal().filter((e) => e.when > header.schema.head).length;
  return { header, migratedForward: later };
}

/** `npm run restore`: into the DATA_DIR or DATABASE_URL the server is configured with. */
export function configuredTarget(config: Config): RestoreTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}
