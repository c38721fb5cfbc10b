import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// These tests run the real entry point as a separate process, as `npm start` does.
const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      CLIENT_DIST: '/nonexistent',
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

async function waitReady(port: number, started: Started) {
  for (let i = 0; i < 200; i++) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready: ${started.output()}`);
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-main-'));

describe('the server process', () => {
  it('refuses a bad setting with one readable line naming the variable', async () => {
    const s = start({ PORT: 'abc', DATA_DIR: tempDir() });
    expect(await s.exited).toBe(1);
    const lines = s.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
  });

  it('creates a missing data folder, and a second process on it exits while the first keeps serving', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const port = await freePort();
    const first = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitReady(port, first);

    const second = start({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another CultureShare process/);

    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(res.status).toBe(200);
  });

  it('keeps every committed row through kill -9 and a restart', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const email = `survivor-${Date.now()}@example.test`;
    const first = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitReady(port, first);
    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'a-long-unusual-passphrase',
        firstName: 'Sam',
        lastName: 'Sour',
      }),
    });
    expect(signup.status).toBeLessThan(300);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitReady(port, second);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a-long-unusual-passphrase' }),
    });
    expect(login.status).toBe(200);
  });

  it('shuts down cleanly on SIGTERM, releasing the data folder', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const s = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitReady(port, s);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'cultureshare.lock'))).toBe(false);
  });
});
