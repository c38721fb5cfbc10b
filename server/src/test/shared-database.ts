import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type Database } from '../db/client';

export interface SharedDatabaseApps {
  apps: FastifyInstance[];
  /** Each copy's own connection pool (and LISTEN connection), as separate servers would have. */
  databases: Database[];
  close(): Promise<void>;
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * `count` copies of the app on ONE new Postgres database — what several servers behind one load
 * balancer look like. Needs TEST_DATABASE_URL (PGlite cannot be shared between processes).
 */
export async function createAppsOnSharedPostgres(
  count: number,
  env: Record<string, string> = {},
): Promise<SharedDatabaseApps> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('createAppsOnSharedPostgres needs TEST_DATABASE_URL');
  const name = `cultureshare_shared_${crypto.randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (err) {
      // Copies from one template cannot run at the same moment; retry briefly when they collide.
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '/nonexistent',
    ...env,
  });
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const database = openPostgres(target.toString());
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
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
