/** Part of `npm run build`: writes the migrated empty database that new data folders start from. */
import fs from 'node:fs';
import path from 'node:path';
import { pgliteTemplatePath } from '../db/embedded';
import { createMigratedPglite } from '../db/migrated-pglite';
import { runCli } from './open-database';

runCli(async () => {
  // Built aside and renamed into place, so a build cut short leaves no half a template.
  const building = `${pgliteTemplatePath}.new-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(building), { recursive: true });
  await (await createMigratedPglite(building)).close();
  fs.rmSync(pgliteTemplatePath, { recursive: true, force: true });
  fs.renameSync(building, pgliteTemplatePath);
  console.log(`database template written to ${path.relative(process.cwd(), pgliteTemplatePath)}`);
});
