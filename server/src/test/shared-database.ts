import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import { createPostgresTestDatabase } from './database';

export interface SharedDatabaseApps {
  apps: FastifyInstance[];
  /** Each copy's own connection pool (and LISTEN connection), as separate servers would have. */
  databases: Database[];
  close(): Promise<void>;
}

/**
 * `count` copies of the app on ONE new Postgres database — what several servers behind one load
 * balancer look like. Needs TEST_DATABASE_URL (PGlite cannot be shared between processes).
 */
export async function createAppsOnSharedPostgres(
  count: number,
  env: Record<string, string> = {},
): Promise<SharedDatabaseApps> {
  const shared = await createPostgresTestDatabase();
  if (!shared) throw new Error('createAppsOnSharedPostgres needs TEST_DATABASE_URL');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '/nonexistent',
    ...env,
  });
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const database = openPostgres(shared.url);
    databases.push(database);
    const app = await buildApp({ config, database });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    databases,
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await shared.drop();
    },
  };
}
