import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
// Each run starts on an empty embedded database.
const dataDir =
  process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-e2e-'));
// Test workers read the mails the server saves there (e2e/fixtures.ts) and load this file
// again: they must see the same folder.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The moderator is granted by the CLI while the embedded database is still free.
    command: 'node --import tsx e2e/moderator-setup.ts && node --import tsx server/src/main.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // The first start copies the database template; on a busy two-core machine that can take
    // longer than a minute.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIST: process.env.CLIENT_DIST ?? './dist/client',
      DONATION_URL: 'https://donate.example/cultureshare',
      SOCIAL_URL: 'https://social.example/@cultureshare',
      LOG_LEVEL: 'warn',
      // The browser tests sign up and in many times from one address.
      LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: '10000',
      LIMIT_SIGNUPS_PER_ADDRESS: '10000',
      // Mails are .eml files under DATA_DIR/mail; the tests read them without waiting long.
      MAIL_POLL_MS: '200',
      MESSAGE_MAIL_DELAY_SECONDS: '2',
      // Specs move the server's clock forward (POST /api/test/clock) instead of waiting.
      TEST_CLOCK: '1',
    },
  },
});
