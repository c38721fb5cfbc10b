import { buildApp } from './app';
import type { Config } from './config';
import { fromPglite, migrateDatabase, openPostgres } from './db/client';
import type { PgliteThread } from './db/embedded';
import { backfillUsernameSkeletons } from './features/users/users.service';
import { startSweeper, type Sweeper } from './sweeper';
import { createMailer } from './features/mail/mailer';
import { queueExpiryReminders } from './features/starters/expiry-reminders';
import { queueCheckinMails } from './features/checkins/checkin-mail';
import { atMostEvery, startMailWorker, type MailWorker } from './features/mail/outbox';
import { queueDueMessageMail } from './features/messages/message-mail';
import { livePublisher } from './features/messages/live-events';
import { runStandingOfferRounds } from './features/standing-offers/rounds';

/**
 * The second half of starting the server, loaded by main.ts while the embedded database
 * starts: opens the Postgres server or takes the started embedded one, brings it up to date,
 * builds the app, listens, starts the background workers and shuts down cleanly.
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

  const app = await buildApp({ config, database });

  let sweeper: Sweeper | undefined;
  let mailWorker: MailWorker | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.warn('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await sweeper?.stop();
      await mailWorker?.stop();
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

  await app.listen({ host: config.host, port: config.port });
  if (!closing) {
    sweeper = startSweeper({ db: database.db }, app.log);
    // Every copy runs one: the outbox's row leases keep copies from sending a mail twice.
    const deps = { db: database.db, config };
    mailWorker = startMailWorker(deps, createMailer(config), app.log, [
      () => queueDueMessageMail(deps),
      // Matters of days: looked over at most once a minute.
      atMostEvery(60_000, () => queueExpiryReminders(deps)),
      atMostEvery(60_000, () => queueCheckinMails(deps)),
      atMostEvery(60_000, () =>
        runStandingOfferRounds({ ...deps, live: livePublisher(database, app.log) }),
      ),
    ]);
  }
}
