import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/dir-lock';
import { startPgliteThread } from './db/embedded';

async function main() {
  const config = loadConfig();
  // The embedded database starts in its own thread (decision 026) while this one loads the
  // rest of the server. If that thread dies, the process cannot serve anything real: requests
  // already waiting get a 503, then it exits loudly so whatever supervises it starts it again,
  // rather than lingering half alive.
  const [{ serve }, embedded] = await Promise.all([
    import('./serve'),
    config.databaseUrl
      ? undefined
      : startPgliteThread(config.dataDir, {
          onStopped(err) {
            console.error(
              JSON.stringify({ level: 60, msg: 'embedded database stopped', err: err.message }),
            );
            // A moment for the 503s already decided to be written.
            setTimeout(() => process.exit(1), 100);
          },
        }),
  ]);
  await serve(config, embedded);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('CultureShare failed to start:', err);
  }
  process.exit(1);
});
