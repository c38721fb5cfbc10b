import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, FULL_BROWSER, headlessShellLaunchOptions } from './e2e/chromium';

// Each worker runs its own server on port E2E_PORT + its index with an empty data folder
// (e2e/server.ts, started by the worker fixture in e2e/fixtures.ts): the spec files are shared
// out between them, and one spec moving its server's clock moves no other worker's.
// Two workers on the two-core machine tests run on (E2E_WORKERS sets another count).
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers,
  // One more try in CI only: two journeys (a standing-offer round at 1280 px, a bell badge in
  // German) each failed once in one of three runs of the whole suite and passed alone; a
  // failure on the second try still fails the run. Locally a failure shows at once.
  retries: process.env.CI ? 1 : 0,
  // Two servers and two browsers share the cores: each step may take longer than alone.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    // Recording a trace costs each test about a quarter more CPU, even when it passes and the
    // trace is thrown away; a failure is looked into by running its spec again with
    // `--trace retain-on-failure`.
    trace: 'off',
    // The installed app's worker precaches every script of the build (2.4 MB) in each new
    // context, about 4 s of CPU a context here. Specs of the app's worker, push and the main
    // paths keep it (`test.use({ serviceWorkers: 'allow' })`); the rest test pages without it
    // (decision 105).
    serviceWorkers: 'block',
  },
  // Debian's headless shell runs every test but those tagged as needing the full browser (a
  // pushed notification shown and clicked, the push permission asked): about a quarter less
  // CPU on the same tests (decision 155).
  projects: [
    {
      name: 'shell',
      grepInvert: new RegExp(FULL_BROWSER),
      use: { launchOptions: headlessShellLaunchOptions },
    },
    {
      name: 'chromium',
      grep: new RegExp(FULL_BROWSER),
      use: { launchOptions: chromiumLaunchOptions },
    },
  ],
});
