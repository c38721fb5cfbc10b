/**
 * Taking a backup (decision 133): every table of the database, photos included (they are
 * rows), read inside one REPEATABLE READ transaction so the file is the database at one
 * moment.
 *
 * On a PostgreSQL server that transaction is the whole story: readers never block writers.
 * The embedded database is one connection, where an open transaction stops every other query,
 * so its backup is read from a copy of its folder instead (`pglite-snapshot.ts`), made by the
 * process that has the folder open — the server's own thread, asked through
 * `snapshot-requests.ts` when `npm run backup` finds the server running.
 */
import fs from 'node:fs';
import pg from 'pg';
import { migrationJournal } from '../db/client';
import { RemotePglite } from '../db/pglite-remote';
import { BACKUP_FORMAT, BACKUP_VERSION, writeLines, type BackupHeader } from './backup-file';

/** One statement in the backup's transaction; rows as plain objects. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export type BackupSource =
  | { kind: 'postgres'; url: string }
  /** A database folder nothing else has open: a snapshot, or a stopped server's. */
  | { kind: 'pglite'; dir: string };

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs `fn` in one read-only REPEATABLE READ transaction on `source`. */
export async function readConsistently<T>(
  source: BackupSource,
  fn: (query: Query) => Promise<T>,
): Promise<T> {
  if (source.kind === 'postgres') {
    const client = new pg.Client({ connectionString: source.url });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const result = await fn(async (text, params) => (await client.query(text, params)).rows);
      await client.query('COMMIT');
      return result;
    } finally {
      await client.end();
    }
  }
  const client = await RemotePglite.start({ dataDir: source.dir });
  try {
    return await client.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return fn(async (text, params) => (await tx.query(text, params)).rows as never);
    });
  } finally {
    await client.close();
  }
}

/** The site's tables, each after the tables its foreign keys point to. */
export async function tablesInOrder(query: Query): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       ORDER BY c.relname`,
    )
  ).map((r) => r.name);
  const edges = await query<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
       JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = ch.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND ch.oid <> pa.oid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)),
    );
    // A cycle (none today) is written in name order; restore does not check keys while loading.
    const next = ready.length > 0 ? ready : tables.filter((t) => !placed.has(t)).slice(0, 1);
    for (const t of next) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

export async function schemaOf(query: Query): Promise<BackupHeader['schema']> {
  const [row] = await query<{ n: number; head: string | null }>(
    'SELECT count(*)::int AS n, max(created_at)::text AS head FROM drizzle.__drizzle_migrations',
  );
  const head = Number(row?.head ?? 0);
  return {
    migrations: Number(row?.n ?? 0),
    head,
    name: migrationJournal().find((e) => e.when === head)?.tag ?? null,
  };
}

/** Rows per FETCH: few where a row may hold photos, so memory stays small. */
async function batchSize(query: Query, table: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace ns ON ns.oid = c.relnamespace
     WHERE ns.nspname = 'public' AND c.relname = $1 AND a.atttypid = 'bytea'::regtype
       AND a.attnum > 0 AND NOT a.attisdropped`,
    [table],
  );
  return (row?.n ?? 0) > 0 ? 8 : 1000;
}

async function* backupLines(query: Query, from: BackupHeader['from']): AsyncGenerator<string> {
  const [{ created }] = (await query<{ created: string }>(
    `SELECT to_json(now())#>>'{}' AS created`,
  )) as [{ created: string }];
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    schema: await schemaOf(query),
    created,
    from,
  };
  yield JSON.stringify(header);
  const tables = await tablesInOrder(query);
  for (const table of tables) {
    yield JSON.stringify(['table', table]);
    const size = await batchSize(query, table);
    let count = 0;
    await query(
      `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${quoteIdent(table)} t`,
    );
    for (;;) {
      const rows = await query<{ r: string }>(`FETCH ${size} FROM backup_rows`);
      if (rows.length === 0) break;
      count += rows.length;
      yield rows.map((row) => row.r).join('\n');
    }
    await query('CLOSE backup_rows');
    yield JSON.stringify(['end', table, count]);
  }
  const sequences = await query<{ name: string; value: string | null }>(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
     WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  yield JSON.stringify(['sequences', Object.fromEntries(sequences.map((s) => [s.name, s.value]))]);
  yield JSON.stringify(['done', tables.length]);
}

export interface BackupResult {
  file: string;
  header: BackupHeader;
  bytes: number;
}

/** Writes the backup of `source` to `file`, replacing it only once it is complete. */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupResult> {
  let header: BackupHeader | undefined;
  await readConsistently(source, async (query) => {
    async function* lines() {
      for await (const line of backupLines(query, source.kind)) {
        header ??= JSON.parse(line) as BackupHeader;
        yield line;
      }
    }
    await writeLines(file, lines());
  });
  return { file, header: header!, bytes: fs.statSync(file).size };
}
