/**
 * Scheduled backups (decision 133): with BACKUP_DIR and BACKUP_EVERY_HOURS, one copy of the
 * server writes a backup into BACKUP_DIR every so many hours (the scheduler's lease makes it
 * one copy, however many run) and keeps the newest BACKUP_KEEP.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import * as clock from '../clock/clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Job } from '../jobs/scheduler';
import { backupFromServer } from './take-backup';
import { HOUR_MS, MINUTE_MS } from '../../../common/site/time';

const PREFIX = 'cultureshare-';
const SUFFIX = '.backup.gz';

/** `cultureshare-2026-11-29T0300Z.backup.gz`: names sort as their times do. */
export function scheduledBackupName(at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(':', '');
  return `${PREFIX}${stamp}Z${SUFFIX}`;
}

/** Removes all but the newest `keep` scheduled backups, and any left half-written. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = fs.readdirSync(dir);
  const backups = names.filter((n) => n.startsWith(PREFIX) && n.endsWith(SUFFIX)).sort();
  const gone = [
    ...backups.slice(0, Math.max(0, backups.length - keep)),
    ...names.filter((n) => n.startsWith(PREFIX) && n.endsWith(`${SUFFIX}.partial`)),
  ];
  for (const name of gone) fs.rmSync(path.join(dir, name), { force: true });
  return gone;
}

export async function writeScheduledBackup(
  config: Pick<Config, 'backup' | 'databaseUrl' | 'dataDir'>,
  database: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<string> {
  const dir = path.resolve(config.backup.dir!);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, scheduledBackupName(clock.now()));
  const result = await backupFromServer(config, database, file);
  const removed = pruneBackups(dir, config.backup.keep);
  log.info(
    {
      file,
      bytes: result.bytes,
      blockedMs: result.blockedMs === undefined ? undefined : Math.round(result.blockedMs),
      removed: removed.length,
    },
    'backup written',
  );
  return file;
}

/** The scheduler's job, or none when scheduled backups are off (the default). */
export function backupJob(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Job | undefined {
  const { dir, everyHours } = config.backup;
  if (!dir || !everyHours) return undefined;
  return {
    name: 'backup',
    everyMs: everyHours * HOUR_MS,
    // Not while the server starts; a long backup is not taken over by another copy.
    firstDelayMs: MINUTE_MS,
    leaseMs: HOUR_MS,
    run: () => writeScheduledBackup(config, database, log),
  };
}
