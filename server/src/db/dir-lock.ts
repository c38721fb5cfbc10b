import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  /** The process holding the folder, when one is known. */
  readonly holder: number | undefined;
  constructor(message: string, holder?: number) {
    super(message);
    this.holder = holder;
  }
}

/** Whether process `pid` still runs (on this machine). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its data directory and two processes on one directory lose rows,
 * so the first process takes a lock file; a stale lock (its process gone) is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  const lockPath = path.join(dir, 'cultureshare.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another CultureShare process (pid ${holder}). ` +
            'Stop it first, or set DATA_DIR to another directory.',
          holder,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
