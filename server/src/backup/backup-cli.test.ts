import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, inject, it } from 'vitest';
import { fromPglite, openPglite } from '../db/client';
import { startPgliteThread } from '../db/embedded';
import { users } from '../db/schema';
import { createMember } from '../test/app';
import {
  freePort,
  killServerProcesses,
  startServerProcess,
  waitReady,
} from '../test/server-process';
import { restoreBackup } from './restore';

const root = path.resolve(import.meta.dirname, '../../..');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-backup-cli-'));
afterAll(() => {
  killServerProcesses();
  fs.rmSync(temp, { recursive: true, force: true });
});

it('npm run backup copies the embedded database of a running server through the server', async () => {
  const dataDir = path.join(temp, 'data');
  const thread = await startPgliteThread(dataDir, { template: inject('pgliteSnapshot') });
  const seeded = fromPglite(thread.client, thread.release);
  const member = await createMember(seeded.db);
  await seeded.close();

  const port = await freePort();
  const server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir });
  await waitReady(port, server);

  const file = path.join(temp, 'running.backup.gz');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/backup.ts', file],
    { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir } },
  );
  expect(stdout).toMatch(/^Backup written to .*; the site waited \d+ ms\)\.$/m);
  // The server still answers, and the copy it made is gone.
  expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  expect(fs.readdirSync(path.join(dataDir, 'snapshots'))).toEqual(['answering.pid']);

  const target = path.join(temp, 'restored');
  await restoreBackup(file, {
    kind: 'pglite',
    dataDir: target,
    options: { template: inject('pgliteSnapshot') },
  });
  const restored = await openPglite(target, { template: inject('pgliteSnapshot') });
  try {
    expect((await restored.db.select().from(users)).map((u) => u.id)).toEqual([member.id]);
  } finally {
    await restored.close();
  }
}, 180_000);
