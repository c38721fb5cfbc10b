import { PGlite } from '@electric-sql/pglite';
import { fromPglite, migrateDatabase, pgliteExtensions } from './client';

/**
 * A new PGlite with the app's schema, in `dataDir` or in memory: what new data folders
 * (`npm run build`'s template) and each server test file start from. Only the site's own
 * database is kept (decision 106): template0 and template1 serve CREATE DATABASE, which the
 * embedded database never runs, and without them a new data folder copies 27 MB instead of
 * 42 MB and opens sooner.
 */
export async function createMigratedPglite(dataDir?: string): Promise<PGlite> {
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  await migrateDatabase(fromPglite(client));
  for (const name of ['template0', 'template1']) {
    await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    // Not in a transaction block, so a statement of its own.
    await client.exec(`DROP DATABASE ${name}`);
  }
  return client;
}
