/**
 * Copies of the embedded database's folder for backups (decision 133). Only the process that
 * holds DATA_DIR (its lock file names it) may copy the folder consistently, so
 * `npm run backup` asks a running server for one: it makes an empty folder under
 * DATA_DIR/snapshots and sends the server SIGUSR2; the server copies its database into that
 * folder's `pglite` and writes `done` (or `failed`, with the reason) beside it. Whoever reads
 * the copy removes its folder afterwards.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../db/dir-lock';
import type { SnapshotResult } from '../db/pglite-snapshot';
import { DAY_MS, MINUTE_MS } from '../../../common/site/time';

export const snapshotsDir = (dataDir: string) => path.join(path.resolve(dataDir), 'snapshots');

/** A new, empty request folder under DATA_DIR/snapshots. */
export function newSnapshotFolder(dataDir: string): string {
  const dir = path.join(
    snapshotsDir(dataDir),
    `${Date.now()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`,
  );
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * Written by a server once it answers SIGUSR2: its pid. A process that does not answer would
 * be ended by the signal, so the backup sends it only to the pid named here.
 */
const answering = (dataDir: string) => path.join(snapshotsDir(dataDir), 'answering.pid');

/** A copy's folder: its database in `pglite`. */
export const snapshotDatabase = (folder: string) => path.join(folder, 'pglite');

/** Copies older than this were left by a backup that died; they are removed. */
const STALE_MS = DAY_MS;

/**
 * Asks the server process `pid` holding `dataDir` for a copy of its database; resolves with
 * the copy's folder once it is made.
 */
export async function askServerForSnapshot(
  dataDir: string,
  pid: number,
  timeoutMs = 10 * MINUTE_MS,
): Promise<string> {
  let answers: string | undefined;
  try {
    answers = fs.readFileSync(answering(dataDir), 'utf8');
  } catch {
    // not written: see below
  }
  if (answers !== String(pid)) {
    throw new Error(
      `The server using ${path.resolve(dataDir)} (pid ${pid}) is still starting, or is a version of CultureShare without backups. ` +
        'Try again once it answers, or stop it and run npm run backup again.',
    );
  }
  const folder = newSnapshotFolder(dataDir);
  try {
    process.kill(pid, 'SIGUSR2');
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (fs.existsSync(path.join(folder, 'done'))) return folder;
      const failed = path.join(folder, 'failed');
      if (fs.existsSync(failed)) {
        throw new Error(
          `The running server could not copy its database: ${fs.readFileSync(failed, 'utf8')}`,
        );
      }
      if (!isAlive(pid))
        throw new Error(
          `The server (pid ${pid}) stopped before it copied its database; run npm run backup again.`,
        );
      if (Date.now() > until) {
        throw new Error(
          `The server using ${path.resolve(dataDir)} (pid ${pid}) did not copy its database within ${Math.round(timeoutMs / 1000)} s. ` +
            'A version of CultureShare without backups does not answer: stop it and run npm run backup again.',
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (err) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}

export interface SnapshotLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The server's side: on SIGUSR2, makes every copy asked for under DATA_DIR/snapshots, one at a
 * time. Returns the handler; `listenForSnapshotRequests` installs it.
 */
export function answerSnapshotRequests(
  dataDir: string,
  snapshot: (dest: string) => Promise<SnapshotResult>,
  log: SnapshotLog,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const pass = async () => {
    const root = snapshotsDir(dataDir);
    const names = fs.existsSync(root) ? fs.readdirSync(root) : [];
    for (const name of names) {
      const folder = path.join(root, name);
      const stat = fs.statSync(folder, { throwIfNoEntry: false });
      if (!stat?.isDirectory()) continue;
      if (Date.now() - stat.mtimeMs > STALE_MS) {
        fs.rmSync(folder, { recursive: true, force: true });
        continue;
      }
      const entries = fs.readdirSync(folder);
      if (entries.length > 0) continue; // being made, made, or failed
      try {
        const result = await snapshot(snapshotDatabase(folder));
        fs.writeFileSync(path.join(folder, 'done'), JSON.stringify(result));
        log.info({ blockedMs: Math.round(result.blockedMs) }, 'database copied for a backup');
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        fs.writeFileSync(path.join(folder, 'failed'), message);
        log.warn({ err }, 'copying the database for a backup failed');
      }
    }
  };
  const answer = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again);
    })().finally(() => (running = undefined));
    return running;
  };
  return answer;
}

/** Answers `npm run backup` from this process (the embedded database's server). */
export function listenForSnapshotRequests(
  dataDir: string,
  snapshot: (dest: string) => Promise<SnapshotResult>,
  log: SnapshotLog,
): void {
  const answer = answerSnapshotRequests(dataDir, snapshot, log);
  process.on('SIGUSR2', () => void answer());
  fs.mkdirSync(snapshotsDir(dataDir), { recursive: true, mode: 0o700 });
  fs.writeFileSync(answering(dataDir), String(process.pid));
}
