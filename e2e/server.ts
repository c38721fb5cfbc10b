/**
 * The browser tests' server: one per Playwright worker, each with its own port, data folder
 * (database and saved mails) and clock, so workers run side by side without seeing each other's
 * members, mails or moved time. Started by the worker fixture in e2e/fixtures.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Worker `index` (0, 1, …) listens on E2E_PORT + index; E2E_PORT defaults to 4173. */
export function e2ePort(index: number): number {
  return Number(process.env.E2E_PORT ?? 4173) + index;
}

/** What every browser-test server runs with (besides its port and folder). */
export const E2E_SERVER_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  CLIENT_DIST: process.env.CLIENT_DIST ?? './dist/client',
  DONATION_URL: 'https://donate.example/cultureshare',
  SOCIAL_URL: 'https://social.example/@cultureshare',
  LOG_LEVEL: 'warn',
  // The browser tests sign up and in many times from one address.
  LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: '10000',
  LIMIT_SIGNUPS_PER_ADDRESS: '10000',
  MESSAGE_MAIL_DELAY_SECONDS: '2',
  // Specs move the server's clock forward (POST /api/test/clock) instead of waiting.
  TEST_CLOCK: '1',
  // New listings reach every matching alert at once, not ring by ring over hours.
  ANNOUNCE_RING_MINUTES: '0',
};

export interface E2EServer {
  baseURL: string;
  /** The server's DATA_DIR: its embedded database, and the mails it saved under mail/. */
  dataDir: string;
  stop(): Promise<void>;
}

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Warnings and errors show in the test output; what goes well stays quiet.
  return spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode);
  }
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
  } catch {
    return false; // not listening (yet)
  }
}

/**
 * A data folder with the moderator in it: signed up through the real sign-up route, then
 * granted by the moderator CLI, the way an operator would, while the embedded database is free.
 */
export async function prepareSeed(dataDir: string): Promise<void> {
  const env = { ...process.env, ...E2E_SERVER_ENV, DATA_DIR: dataDir };
  const setup = run(['--import', 'tsx', 'e2e/moderator-setup.ts'], env);
  const code = await exited(setup);
  if (code !== 0) throw new Error(`moderator setup exited with ${code}`);
}

/** Starts a server on a new copy of the run's seed folder (e2e/global-setup.ts). */
export async function startE2EServer(port: number, timeoutMs: number): Promise<E2EServer> {
  if (await answers(port)) {
    throw new Error(`port ${port} is taken by another server; choose others with E2E_PORT`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cultureshare-e2e-${port}-`));
  const seed = process.env.E2E_SEED_DIR;
  if (!seed)
    throw new Error('E2E_SEED_DIR is not set: run the browser tests through playwright.config.ts');
  fs.cpSync(seed, dataDir, { recursive: true });
  const env = { ...process.env, ...E2E_SERVER_ENV, PORT: String(port), DATA_DIR: dataDir };

  // The server as `npm start` runs it: the bundle `npm run build` made.
  const server = run(['dist/server/main.js'], env);
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const gone = exited(server);
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://localhost:${port}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(
        `the server on port ${port} exited with ${server.exitCode} before it was ready`,
      );
    }
    if (await answers(port)) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`the server on port ${port} was not ready within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, dataDir, stop };
}
