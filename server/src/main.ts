import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openPglite, openPostgres, type Database } from './db/client';
import { DataDirLockedError } from './db/dir-lock';
import { backfillUsernameSkeletons } from './features/users/users.service';
import { startSweeper, type Sweeper } from './sweeper';
import { createMailer } from './features/mail/mailer';
import { expiryReminderTask } from './features/handovers/expiry-reminders';
import { startMailWorker, type MailWorker } from './features/mail/outbox';
import { queueDueMessageMail } from './features/mail/message-mail';

async function main() {
  const config = loadConfig();
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl, (err) =>
      console.error(
        JSON.stringify({ level: 50, msg: 'database connection error', err: err.message }),
      ),
    );
  } else {
    database = await openPglite(config.dataDir);
  }
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
      expiryReminderTask(deps),
    ]);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('CultureShare failed to start:', err);
  }
  process.exit(1);
});
