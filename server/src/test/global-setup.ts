import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPostgres } from '../db/client';
import { createMigratedPglite } from '../db/migrated-pglite';
import { bundleServer } from '../cli/server-bundle';
import { projectRoot } from '../project-root';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** The same migrated database as a data folder, for tests that start a server on one. */
    pgliteFolder: string;
    postgresTemplate: string | null;
    /** The server bundled from the sources as `npm run build` bundles it: its main.js. */
    serverEntry: string;
  }
}

/**
 * Migrates once per run; each test file then starts from a copy in well under a second, and
 * each server process a test starts from a copy of the folder rather than migrating its own.
 * The server is bundled once per run too, so a test's server process starts as `npm start`'s
 * does, without compiling TypeScript (decision 179).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-test-'));
  // Inside the project, so the bundle finds the project root and node_modules above it.
  const bundle = path.join(projectRoot, 'node_modules', '.cache', `test-server-${process.pid}`);
  const bundled = bundleServer(bundle);
  const folder = path.join(dir, 'migrated');
  const client = await createMigratedPglite(folder);
  const dump = await client.dumpDataDir('none');
  const snapshot = path.join(dir, 'migrated.tar');
  fs.writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgliteFolder', folder);
  await bundled;
  project.provide('serverEntry', path.join(bundle, 'main.js'));

  const url = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (url) {
    template = `cultureshare_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const templateDb = openPostgres(target.toString());
    await migrateDatabase(templateDb);
    await templateDb.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(bundle, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    }
  };
}
