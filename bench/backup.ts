/**
 * How long a backup holds the embedded database's queries (issue 46, decision 133). Prints
 * figures; asserts nothing.
 *
 *   node --import tsx bench/backup.ts
 *
 * A migrated embedded database in a temporary folder, run in its worker thread as the server
 * runs it, holding BENCH_PHOTO_MB (200) of photo-sized rows (200 KB each). While the backup's
 * copy of the folder is taken (`snapshot`, what `npm run backup` asks the server for), another
 * caller sends `SELECT 1` one after another, as requests would; the longest of those waits is
 * what a request could have waited. Then the whole backup file is written from the copy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMigratedPglite } from '../server/src/db/migrated-pglite';
import { RemotePglite } from '../server/src/db/pglite-remote';
import { writeBackup } from '../server/src/backup/backup';

const photoMb = Number(process.env.BENCH_PHOTO_MB ?? 200);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const writeMs = Number(process.env.BENCH_WRITE_MS ?? 20);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-bench-backup-'));
const dataDir = path.join(root, 'pglite');

async function main() {
  const made = await createMigratedPglite(dataDir);
  await made.close();
  const db = await RemotePglite.start({ dataDir });
  await db.exec('CREATE TABLE bench_photos (id serial PRIMARY KEY, full_size bytea NOT NULL)');
  // Random bytes, as compressed images are: nothing for gzip or TOAST to shrink.
  const count = Math.round((photoMb * 1024) / 200);
  for (let i = 0; i < count; i++) {
    const photo = Buffer.concat(
      Array.from({ length: 4 }, () => crypto.getRandomValues(new Uint8Array(51200))),
    );
    await db.query('INSERT INTO bench_photos (full_size) VALUES ($1)', [photo]);
  }
  const size = fs
    .readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
  console.log(`database folder: ${(size / 1024 / 1024).toFixed(0)} MB, ${count} photo rows`);

  for (let run = 1; run <= runs; run++) {
    // A busy site meanwhile: a 50 KB photo written every BENCH_WRITE_MS (20) ms.
    let writing = true;
    let longest = 0;
    const pings = (async () => {
      while (writing) {
        const started = performance.now();
        await db.query('INSERT INTO bench_photos (full_size) VALUES ($1)', [
          crypto.getRandomValues(new Uint8Array(51200)),
        ]);
        longest = Math.max(longest, performance.now() - started);
        await new Promise((r) => setTimeout(r, writeMs));
      }
    })();
    const dest = path.join(root, `snapshot-${run}`);
    fs.mkdirSync(dest);
    const started = performance.now();
    const { blockedMs } = await db.snapshot(path.join(dest, 'pglite'));
    const tookMs = performance.now() - started;
    writing = false;
    await pings;
    const fileStarted = performance.now();
    const file = path.join(root, `backup-${run}.gz`);
    const { bytes } = await writeBackup({ kind: 'pglite', dir: path.join(dest, 'pglite') }, file);
    console.log(
      `run ${run}: queries held ${blockedMs.toFixed(0)} ms (longest write meanwhile ${longest.toFixed(0)} ms); ` +
        `copy ${tookMs.toFixed(0)} ms; backup file ${(bytes / 1024 / 1024).toFixed(0)} MB written from the copy in ${((performance.now() - fileStarted) / 1000).toFixed(1)} s`,
    );
    fs.rmSync(dest, { recursive: true, force: true });
    fs.rmSync(file, { force: true });
  }
  await db.close();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(root, { recursive: true, force: true }));
