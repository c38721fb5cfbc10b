/**
 * Starts the data folder's database in its own worker thread (decision 026), so no query ever
 * blocks the thread answering HTTP. Light on imports on purpose: main.ts calls it first, and
 * the thread starts while the rest of the server is still loading.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root';
import { acquireDirLock } from './dir-lock';
import { RemotePglite } from './pglite-remote';

/**
 * A migrated, empty database folder made by `npm run build`. Copying it into a new DATA_DIR
 * takes a fraction of PGlite's own initdb, which keeps a first start quick (decision 002).
 */
export const pgliteTemplatePath = path.join(projectRoot, 'dist', 'pglite-template');

export interface PgliteThreadOptions {
  /** Called once if the database thread dies unasked; every query fails from then on. */
  onStopped?: (err: Error) => void;
  /** What a new data folder starts from (decision 002); tests pass their migrated snapshot. */
  template?: string;
}

/** The running database thread, and the data folder's lock it holds until it ends. */
export interface PgliteThread {
  client: RemotePglite;
  release: () => void;
}

/**
 * Takes the data folder's lock and starts the worker on it; resolves once the database is
 * open. The lock is let go once the worker has ended, whether closed or crashed.
 */
export async function startPgliteThread(
  dataDir: string,
  { onStopped, template = pgliteTemplatePath }: PgliteThreadOptions = {},
): Promise<PgliteThread> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDirLock(dir);
  try {
    const client = await RemotePglite.start(
      {
        dataDir: path.join(dir, 'pglite'),
        template: fs.existsSync(template) ? template : undefined,
      },
      onStopped,
    );
    void client.exited.then(release);
    return { client, release };
  } catch (err) {
    release();
    throw err;
  }
}
