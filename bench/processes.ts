import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { load, type LoadResult } from './load';

/** A script of this repository in its own Node process, through tsx, listening on 127.0.0.1. */
export function startProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: 'ignore',
  });
}

/** Resolves once `url` answers 2xx; throws if it has not within a minute. */
export async function waitFor(url: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} never answered`);
}

/**
 * The site with the demo community in a fresh embedded database, on 127.0.0.1:`port`, ready
 * when this resolves: the built server (`npm run build` first). `close` stops it and removes
 * its data.
 */
export async function startDemoSite(
  port: number,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-demo-site-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
  };
  spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/demo.ts'], {
    env,
    stdio: 'ignore',
  });
  const server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'ignore' });
  const close = async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  // A server that cannot listen (the port taken by another) ends: waiting on the port would
  // measure whatever answers there instead.
  const ended = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`the server on ${port} ended (${code})`))),
  );
  ended.catch(() => undefined); // its ending by `close` is no error
  try {
    await Promise.race([waitFor(`${origin}/readyz`), ended]);
  } catch (err) {
    await close();
    throw err;
  }
  return { origin, close };
}

/**
 * Stops `child` and resolves once it has gone: at once if it already had (a bare server that
 * could not listen), and by SIGKILL if SIGTERM has not ended it within five seconds.
 */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(late);
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The ceiling a mix is measured against: a bare Fastify route (bench/bare-server.ts) serving
 * `bodies`, the bytes the server answered, under the same load, in a process of its own on a
 * free port.
 */
export async function bareCeiling(
  bodies: string[],
  { connections, seconds, workDir }: { connections: number; seconds: number; workDir: string },
): Promise<LoadResult> {
  const bodyFile = path.join(workDir, `bare-bodies-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(bodyFile, JSON.stringify(bodies));
  const port = await freePort();
  const bare = startProcess('bench/bare-server.ts', { PORT: String(port), BODY_FILE: bodyFile });
  try {
    await waitFor(`http://127.0.0.1:${port}/bare/0`);
    return await load(
      port,
      bodies.map((_, i) => `/bare/${i}`),
      { connections, seconds },
    );
  } finally {
    await stop(bare);
    fs.rmSync(bodyFile, { force: true });
  }
}
