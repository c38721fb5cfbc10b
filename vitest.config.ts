import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; two let one file's waits (spawned
    // servers, SMTP, timers, PostgreSQL round trips) overlap another's work. Each file still has
    // its own database (a PGlite copy, or its own PostgreSQL database), so files never meet.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          globalSetup: ['server/src/test/global-setup.ts'],
          // Files share their worker's modules rather than loading the whole server again
          // each (decision 114): every file builds its own app and database, and the one
          // module-level setting a test changes, the server's clock, is reset after each file.
          isolate: false,
          setupFiles: ['server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.tsx', 'client/**/*.test.ts'],
          // Files share their worker too (decision 115): the setup gives each fresh copies of the
          // app's modules and empties the document and storage after it.
          isolate: false,
          setupFiles: ['client/src/test/setup.ts'],
          // As the server project: two files at a time on two busy cores can take a rendering
          // test past Vitest's 5 s default without anything being wrong.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
