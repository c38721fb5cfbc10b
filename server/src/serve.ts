import type { Server } from 'node:http';
import { buildApp } from './app';
import type { Config } from './config';
import { fromPglite, migrateDatabase, openPostgres } from './db/client';
import type { PgliteThread } from './db/embedded';
import { backfillUsernameSkeletons } from './features/account/users/users.service';
import { endUnlistedModerators } from './features/account/users/moderators.service';
import { createMailer } from './features/mail/mailer';
import { backgroundJobs } from './jobs/background-jobs';
import { listenMetrics } from './features/metrics/metrics.routes';
import { listenForSnapshotRequests } from './backup/snapshots';
import { createScheduler, releaseLeasesOfGoneProcess, type Scheduler } from './jobs/scheduler';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Requests still running after this are left to Fastify's close, which waits for them too. */
const DRAIN_TIMEOUT_MS = 8_000;

/**
 * The second half of starting the server, loaded by main.ts while the embedded database
 * starts: opens the Postgres server or takes the started embedded one, brings it up to date,
 * builds the app, listens, starts the background jobs and shuts down cleanly.
 */
export async function serve(config: Config, embedded: PgliteThread | undefined): Promise<void> {
  const database = embedded
    ? fromPglite(embedded.client, embedded.release)
    : openPostgres(config.databaseUrl!, (err) =>
        console.error(
          JSON.stringify({ level: 50, msg: 'database connection error', err: err.message }),
        ),
      );
  await migrateDatabase(database);
  await backfillUsernameSkeletons({ db: database.db });
  // MODERATOR_EMAILS is read at start: rights it gave end for addresses taken off it.
  await endUnlistedModerators({ db: database.db, config });
  // The embedded database's only server: jobs a killed process held are free again.
  if (embedded) await releaseLeasesOfGoneProcess(database.db);

  const app = await buildApp({ config, database });

  const mailer = createMailer(config);
  let scheduler: Scheduler | undefined;
  let metricsServer: Server | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.warn('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Out of the load balancer's rotation at once (/readyz answers 503), still answering what
    // arrives meanwhile; the listener closes once the requests in flight have finished.
    app.drain.start();
    try {
      // Jobs in progress finish first (a mail being sent is not cut off).
      await Promise.all([scheduler?.stop(), app.drain.settled(DRAIN_TIMEOUT_MS)]);
      mailer.close();
      metricsServer?.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // `npm run backup` asks this process for a copy of the embedded database (decision 133).
  if (database.snapshot) listenForSnapshotRequests(config.dataDir, database.snapshot, app.log);
  await app.listen({ host: config.host, port: config.port });
  if (config.metrics.port) metricsServer = await listenMetrics(app.metrics, config.metrics.port);
  if (!closing) {
    scheduler = createScheduler({
      db: database.db,
      log: app.log,
      jobs: backgroundJobs({ database, config, log: app.log }, mailer, () => closing),
      // Writes wake their jobs on every copy (decision 156).
      listen: (channel, handler) => database.listen(channel, handler),
    });
    await scheduler.start();
  }
}
