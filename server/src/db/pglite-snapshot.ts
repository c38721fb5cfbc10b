/**
 * A consistent copy of a running embedded database's folder, taken inside its own thread
 * (decision 133). PGlite writes straight to its files and Postgres writes a transaction's WAL
 * before it answers COMMIT, so the folder's files, read while no statement runs, are what a
 * power cut at that moment would leave: Postgres recovers every committed write from them.
 *
 * Holding every query for a whole copy would stall the site as long as the copy takes, so it
 * is copied in passes while queries run (a torn copy), each copying again only the files that
 * changed since the last (their size or modification time differs), until one copies little;
 * then, holding PGlite's lock, a last such pass makes the copy exact. That last pass is the
 * only wait requests see; bench/backup.ts measures it.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Files of a running database that a copy must not carry. */
const SKIPPED = new Set(['postmaster.pid']);

type Stamps = Map<string, string>;

const CHUNK = 256 * 1024;

/**
 * Makes the copy `to` of a file already copied once equal to `from` again, writing only the
 * parts that differ (a table's file mostly grows at its end); answers the bytes written.
 */
async function syncFile(from: string, to: string): Promise<number> {
  const [source, copy] = await Promise.all([fsp.open(from, 'r'), fsp.open(to, 'r+')]);
  try {
    const a = Buffer.allocUnsafe(CHUNK);
    const b = Buffer.allocUnsafe(CHUNK);
    let written = 0;
    for (let at = 0; ; at += CHUNK) {
      const { bytesRead } = await source.read(a, 0, CHUNK, at);
      if (bytesRead === 0) {
        await copy.truncate(at);
        return written;
      }
      const { bytesRead: had } = await copy.read(b, 0, bytesRead, at);
      if (had !== bytesRead || !a.subarray(0, bytesRead).equals(b.subarray(0, bytesRead))) {
        await copy.write(a, 0, bytesRead, at);
        written += bytesRead;
      }
      if (bytesRead < CHUNK) {
        await copy.truncate(at + bytesRead);
        return written;
      }
    }
  } finally {
    await Promise.all([source.close(), copy.close()]);
  }
}

/** Copies into `dest` the files of `src` not yet copied as they are now; counts the bytes. */
async function copyChanged(
  src: string,
  dest: string,
  copied: Stamps,
): Promise<{ stamps: Stamps; bytes: number }> {
  const seen: Stamps = new Map();
  let bytes = 0;
  const entries = await fsp.readdir(src, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const from = path.join(entry.parentPath, entry.name);
    const rel = path.relative(src, from);
    const to = path.join(dest, rel);
    if (entry.isDirectory()) {
      await fsp.mkdir(to, { recursive: true });
      continue;
    }
    if (!entry.isFile() || SKIPPED.has(entry.name)) continue;
    let stamp: string;
    try {
      // Stamped before copying: a file written during its copy differs next time, and is
      // copied again under the lock.
      const stat = await fsp.stat(from, { bigint: true });
      stamp = `${stat.size}:${stat.mtimeNs}`;
      if (copied.get(rel) !== stamp) {
        if (copied.has(rel)) {
          bytes += await syncFile(from, to);
        } else {
          await fsp.mkdir(path.dirname(to), { recursive: true });
          await fsp.copyFile(from, to, fs.constants.COPYFILE_FICLONE);
          bytes += Number(stat.size);
        }
      }
    } catch (err) {
      // Postgres removed or renamed it meanwhile (an old WAL segment): not part of the copy.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    seen.set(rel, stamp);
  }
  for (const rel of copied.keys()) {
    if (!seen.has(rel)) await fsp.rm(path.join(dest, rel), { force: true });
  }
  return { stamps: seen, bytes };
}

/** Copy passes while queries run, until one copies little: the held pass copies about as much. */
const QUIET_BYTES = 8 * 1024 * 1024;
const MAX_RUNNING_PASSES = 4;

export interface SnapshotResult {
  /** How long every query of the site waited for the copy, in milliseconds. */
  blockedMs: number;
}

/**
 * Copies the database folder `dataDir` to `dest` (which must not exist). `exclusive` runs its
 * callback while no statement runs: PGlite's `runExclusive`.
 */
export async function snapshotDataDir(
  dataDir: string,
  dest: string,
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>,
): Promise<SnapshotResult> {
  await fsp.mkdir(dest, { recursive: false });
  let copied: Stamps = new Map();
  for (let pass = 0; pass < MAX_RUNNING_PASSES; pass++) {
    const { stamps, bytes } = await copyChanged(dataDir, dest, copied);
    copied = stamps;
    if (pass > 0 && bytes < QUIET_BYTES) break;
  }
  return exclusive(async () => {
    const started = performance.now();
    await copyChanged(dataDir, dest, copied);
    return { blockedMs: performance.now() - started };
  });
}
