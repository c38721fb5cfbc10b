/**
 * npm run backup -- <file> — writes one backup file of the database the server with the same
 * DATA_DIR / DATABASE_URL uses, while it runs (decision 133).
 */
import path from 'node:path';
import { backupConfigured } from '../backup/take-backup';
import { loadConfig } from '../config';
import { runCli } from './open-database';

const USAGE = 'Usage: npm run backup -- <file>   (e.g. npm run backup -- cultureshare.backup.gz)';

runCli(async () => {
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) throw new Error(USAGE);
  const result = await backupConfigured(loadConfig(), path.resolve(file));
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  const held =
    result.blockedMs === undefined ? '' : `; the site waited ${Math.round(result.blockedMs)} ms`;
  console.log(
    `Backup written to ${result.file} (${mb} MB, schema at migration ${result.header.schema.migrations}, taken ${result.header.created}${held}).`,
  );
});
