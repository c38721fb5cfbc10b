import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found from this module's own place: the same answer whether
 * the server runs from its sources (server/src) or from the bundle `npm run build` writes
 * (dist/server, decision 102), so files beside the code are found either way.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
