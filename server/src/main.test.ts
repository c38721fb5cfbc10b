import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  killServerProcesses,
  migratedDataDir,
  startServerProcess,
  waitReady,
} from './test/server-process';

// These tests run the real entry point as a separate process, as `npm start` does.
afterEach(killServerProcesses);

const start = startServerProcess;

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-main-'));

// Each test starts one or two processes, which a busy machine may take long to start.
describe('the server process', { timeout: 180_000 }, () => {
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
    const dataDir = migratedDataDir();
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
    const dataDir = migratedDataDir();
    const port = await freePort();
    const s = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitReady(port, s);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'cultureshare.lock'))).toBe(false);
  });

  it('answers /readyz 503 at once on SIGTERM, finishes the request in flight, then closes', async () => {
    const dataDir = migratedDataDir();
    const port = await freePort();
    const s = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitReady(port, s);

    // A sign-up whose body has not all arrived: the server has taken the request (it answered
    // 100 Continue) and is waiting for the rest.
    const body = JSON.stringify({
      email: `drain-${Date.now()}@example.test`,
      password: 'a-long-unusual-passphrase',
      firstName: 'Dee',
      lastName: 'Rain',
    });
    const inFlight = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/signup',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      inFlight.on('error', reject);
    });
    await new Promise<void>((resolve) => inFlight.on('continue', resolve));
    inFlight.write(body.slice(0, 10));

    s.child.kill('SIGTERM');
    let status = 200;
    while (status === 200) status = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
    expect(status).toBe(503);
    // Still listening, and still draining while the sign-up is unfinished.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(503);
    expect(s.child.exitCode).toBeNull();

    inFlight.end(body.slice(10));
    expect(await answered).toBeLessThan(300);
    expect(await s.exited).toBe(0);
  });
});
