import { loadConfig } from '../config';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../db/client';

/** Opens and migrates the database the server would use (same DATA_DIR / DATABASE_URL). */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir);
  await migrateDatabase(database);
  return database;
}

/** Runs a command-line task, printing only a message (never a stack) on failure. */
export function runCli(task: () => Promise<void>) {
  task().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
