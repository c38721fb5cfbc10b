/**
 * Where a backup is read from (decision 133): a PostgreSQL server directly; the embedded
 * database from a copy of its folder that the process holding it makes, or from the folder
 * itself when no server has it open.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { acquireDirLock, DataDirLockedError } from '../db/dir-lock';
import { BackupFileError } from './backup-file';
import { writeBackup, type BackupResult } from './backup';
import { askServerForSnapshot, newSnapshotFolder, snapshotDatabase } from './snapshots';

export interface TakenBackup extends BackupResult {
  /** How long the site's queries waited for the copy (the embedded database only). */
  blockedMs?: number;
}

async function fromSnapshot(folder: string, file: string, blockedMs?: number) {
  try {
    return {
      ...(await writeBackup({ kind: 'pglite', dir: snapshotDatabase(folder) }, file)),
      blockedMs,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** `npm run backup`: the database the server with this configuration uses, running or not. */
export async function backupConfigured(config: Config, file: string): Promise<TakenBackup> {
  if (config.databaseUrl) return writeBackup({ kind: 'postgres', url: config.databaseUrl }, file);
  const dataDir = path.resolve(config.dataDir);
  const database = path.join(dataDir, 'pglite');
  if (!fs.existsSync(path.join(database, 'PG_VERSION'))) {
    throw new BackupFileError(
      `There is no database in DATA_DIR ${dataDir}. Set DATA_DIR (or DATABASE_URL) as the server has it.`,
    );
  }
  let release: () => void;
  try {
    release = acquireDirLock(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError) || err.holder === undefined) throw err;
    const folder = await askServerForSnapshot(dataDir, err.holder);
    const done = JSON.parse(fs.readFileSync(path.join(folder, 'done'), 'utf8')) as {
      blockedMs: number;
    };
    return fromSnapshot(folder, file, done.blockedMs);
  }
  // No server has the folder open, and none can start while this holds its lock.
  try {
    return await writeBackup({ kind: 'pglite', dir: database }, file);
  } finally {
    release();
  }
}

/** A backup taken by the server itself (the scheduled one). */
export async function backupFromServer(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  database: Database,
  file: string,
): Promise<TakenBackup> {
  if (database.kind === 'postgres') {
    return writeBackup({ kind: 'postgres', url: config.databaseUrl! }, file);
  }
  if (!database.snapshot) throw new Error('This embedded database cannot be copied');
  const folder = newSnapshotFolder(config.dataDir);
  let blockedMs: number;
  try {
    ({ blockedMs } = await database.snapshot(snapshotDatabase(folder)));
  } catch (err) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw err;
  }
  return fromSnapshot(folder, file, blockedMs);
}
