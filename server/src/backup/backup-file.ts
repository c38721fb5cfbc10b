/**
 * The backup file (decision 133): gzip'd JSON lines, one stream from start to end.
 *
 *   line 1        {"format":"cultureshare-backup","version":1,"schema":{…},"created":…,"from":…}
 *   per table     ["table", name]  then one row object per line (Postgres's own row_to_json)
 *                 ["end", name, rowCount]
 *   then          ["sequences", {name: lastValue | null}]
 *   last line     ["done", tableCount]
 *
 * Rows are never parsed on the way out or in: Postgres writes each as JSON and reads it back
 * with json_populate_recordset, so every type (bytea photos as hex, timestamps, cube points,
 * jsonb, arrays) makes the round trip through the type's own text form, on PGlite and on a
 * PostgreSQL server alike. Tables come in the order their foreign keys need.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export const BACKUP_FORMAT = 'cultureshare-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The newest migration applied where the backup was made: drizzle's `created_at`. */
  schema: { migrations: number; head: number; name: string | null };
  /** When the backup's snapshot was taken, by the database's clock (ISO 8601). */
  created: string;
  from: 'pglite' | 'postgres';
}

export type ControlLine =
  | ['table', string]
  | ['end', string, number]
  | ['sequences', Record<string, string | null>]
  | ['done', number];

/** A line as read back: the header, a control line, or a row still as its JSON text. */
export type BackupLine = { control: ControlLine } | { row: string };

export class BackupFileError extends Error {}

/** Writes `lines` (already JSON, one per item) gzip'd to `file`, all or nothing. */
export async function writeLines(file: string, lines: AsyncIterable<string>): Promise<void> {
  const partial = `${file}.partial`;
  async function* withNewlines() {
    for await (const line of lines) yield `${line}\n`;
  }
  try {
    await pipeline(
      Readable.from(withNewlines()),
      zlib.createGzip({ level: 6 }),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

function notABackup(file: string): BackupFileError {
  return new BackupFileError(`${file} is not a CultureShare backup (made by npm run backup).`);
}

/** Opens a backup: its header, and then its lines one by one. */
export async function openBackup(
  file: string,
): Promise<{ header: BackupHeader; lines: AsyncGenerator<BackupLine> }> {
  if (!fs.existsSync(file)) throw new BackupFileError(`There is no file ${file}.`);
  const gunzip = zlib.createGunzip();
  const input = fs.createReadStream(file).pipe(gunzip);
  const reader = readline.createInterface({ input, crlfDelay: Infinity });
  const it = reader[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await it.next();
  } catch {
    throw notABackup(file);
  }
  let header: BackupHeader;
  try {
    header = JSON.parse(first.done ? '' : first.value) as BackupHeader;
  } catch {
    throw notABackup(file);
  }
  if (header?.format !== BACKUP_FORMAT) throw notABackup(file);
  if (header.version > BACKUP_VERSION) {
    throw new BackupFileError(
      `${file} is in backup format ${header.version}; this version of CultureShare reads format ${BACKUP_VERSION} and older. Restore it with a newer CultureShare.`,
    );
  }
  async function* lines(): AsyncGenerator<BackupLine> {
    try {
      for (;;) {
        let next: IteratorResult<string>;
        try {
          next = await it.next();
        } catch {
          throw new BackupFileError(`${file} is damaged or cut short; nothing was restored.`);
        }
        if (next.done) return;
        const line = next.value;
        if (line.startsWith('[')) yield { control: JSON.parse(line) as ControlLine };
        else if (line.startsWith('{')) yield { row: line };
        else throw new BackupFileError(`${file} is damaged; nothing was restored.`);
      }
    } finally {
      reader.close();
      input.destroy();
    }
  }
  return { header, lines: lines() };
}
