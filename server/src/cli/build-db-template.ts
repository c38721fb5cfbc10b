/** Part of `npm run build`: writes the migrated empty database that new data folders start from. */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, migrateDatabase, pgliteTemplatePath, pgliteExtensions } from '../db/client';
import { runCli } from './open-database';

runCli(async () => {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = fromPglite(client);
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('none');
  await database.close();
  fs.mkdirSync(path.dirname(pgliteTemplatePath), { recursive: true });
  fs.writeFileSync(pgliteTemplatePath, Buffer.from(await dump.arrayBuffer()));
  console.log(`database template written to ${path.relative(process.cwd(), pgliteTemplatePath)}`);
});
