import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * The real entry point run as its own process (so it can really be killed), bundled as
 * `npm start` runs it: the global setup bundles the sources once per run (decision 179).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A new data folder holding the run's migrated database, as a first start leaves one: a server
 * started on it opens at once instead of migrating (only the first-start test needs that).
 */
export function migratedDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-data-'));
  fs.cpSync(inject('pgliteFolder'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [inject('serverEntry')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      CLIENT_DIST: '/nonexistent',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Kills every process `startServerProcess` started that is still running (an afterEach). */
export function killServerProcesses(): void {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/** Waits until the process answers /readyz; fails at once if it exits first. */
export async function waitReady(port: number, started: ServerProcess, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready: ${started.output()}`);
}
