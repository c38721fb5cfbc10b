/**
 * npm run restore -- <file> — restores a backup into the empty DATA_DIR or empty database
 * (DATABASE_URL) this configuration names (decision 133). Either may be restored into either.
 */
import path from 'node:path';
import { configuredTarget, restoreBackup } from '../backup/restore';
import { loadConfig } from '../config';
import { runCli } from './open-database';

const USAGE =
  'Usage: npm run restore -- <file>   (into an empty DATA_DIR, or an empty DATABASE_URL)';

runCli(async () => {
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) throw new Error(USAGE);
  const target = configuredTarget(loadConfig());
  const { header, migratedForward } = await restoreBackup(path.resolve(file), target);
  const where =
    target.kind === 'postgres'
      ? 'the database in DATABASE_URL'
      : `DATA_DIR ${path.resolve(target.dataDir)}`;
  const forward =
    migratedForward > 0 ? `, then brought up to date (${migratedForward} migrations)` : '';
  console.log(`Restored the backup taken ${header.created} into ${where}${forward}.`);
});
