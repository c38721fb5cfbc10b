/**
 * Once per run, before any worker starts: a data folder with the moderator granted
 * (e2e/moderator-setup.ts), which every worker's server then starts from a copy of
 * (e2e/server.ts), instead of each worker booting the database three times to make it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareSeed } from './server';

export default async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-e2e-'));
  const seed = path.join(root, 'seed');
  await prepareSeed(seed);
  // Workers are started after this and inherit the variable.
  process.env.E2E_SEED_DIR = seed;
  return () => fs.rmSync(root, { recursive: true, force: true });
}
