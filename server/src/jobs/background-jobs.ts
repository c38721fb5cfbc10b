import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { queueAskMails } from '../features/asks/ask-mail';
import { queueCheckinMails } from '../features/checkins/checkin-mail';
import { queueDueAlertMail } from '../features/alerts/alert-mail';
import { announceNewListings } from '../features/alerts/announce';
import { queueExpiryReminders } from '../features/starters/expiry-reminders';
import { queueDueMessageMail } from '../features/messages/message-mail';
import { queueFirstMessageReminders } from '../features/messages/nudges';
import { mailRequestedAccountLinks } from '../features/account/auth/account-mail.service';
import { queueDueReservationMail } from '../features/handovers/handover-mail';
import type { Mailer } from '../features/mail/mailer';
import { deliverMailBacklog } from '../features/mail/outbox';
import { deliverPushBacklog } from '../features/push/push-delivery';
import { livePublisher } from '../features/messages/live-events';
import { runStandingOfferRounds } from '../features/standing-offers/rounds';
import { sweepExpiredRows } from '../sweeper';
import { scrubLeftAccounts } from '../features/account/deletion/account-deletion.service';
import { buildDataExports } from '../features/account/data-export/data-export.service';
import { backupJob } from '../backup/backup-job';
import type { Job } from './scheduler';
import { settleHeldDecisions } from '../features/screening/held.service';
import { remindModeratorsOfWaiting } from '../features/moderation/waiting.service';
import { hideExpiredListings } from '../access/starter-visibility';
import { MINUTE_MS } from '../../../common/site/time';

/**
 * Every piece of background work the server does, and how often (decision 041). Each runs on
 * one copy at a time, on its own timer; a new job is one more line here. The jobs named in
 * `WOKEN_JOBS` run when a write wakes them (decision 156): their interval, MAIL_POLL_MS (a
 * minute by default), only finds what a lost wake left. Work that comes due by the clock runs
 * at once when a test moves it on; the sweep and backups keep their own times.
 */
export function backgroundJobs(
  { database, config, log }: { database: Database; config: Config; log: FastifyBaseLogger },
  mailer: Mailer,
  stopping: () => boolean,
): Job[] {
  const deps = { db: database.db, config };
  const poll = config.mail.pollMs;
  const backup = backupJob(config, database, log);
  const live = livePublisher(database, log);
  const dueWork: Job[] = [
    { name: 'mail', everyMs: poll, run: () => deliverMailBacklog(deps, mailer, log, stopping) },
    { name: 'push', everyMs: poll, run: () => deliverPushBacklog(deps, log, stopping) },
    { name: 'message-mail', everyMs: poll, run: () => queueDueMessageMail(deps) },
    { name: 'account-links', everyMs: poll, run: () => mailRequestedAccountLinks(deps) },
    { name: 'reservation-mail', everyMs: poll, run: () => queueDueReservationMail(deps) },
    // New listings to the alerts around them, nearest ring first (decision 063), then their mail.
    // Two runs at once announce each match once, so a copy killed mid-run holds it only briefly
    // (decision 126). Rings after the first come due by the clock: the slow poll finds them.
    {
      name: 'alert-announce',
      everyMs: poll,
      leaseMs: 30_000,
      run: () => announceNewListings({ ...deps, stopping }),
    },
    { name: 'alert-mail', everyMs: poll, run: () => queueDueAlertMail(deps) },
    // A moderator's Release or Reject takes effect once its minute to undo has passed.
    { name: 'held-decisions', everyMs: poll, run: () => settleHeldDecisions({ ...deps, live }) },
    // Matters of days: looked over once a minute.
    { name: 'expiry-reminders', everyMs: MINUTE_MS, run: () => queueExpiryReminders(deps) },
    { name: 'checkin-mails', everyMs: MINUTE_MS, run: () => queueCheckinMails(deps) },
    // While anything waits for moderators: a bell item and a mail, once a day each; a held
    // message or listing and a filed report wake it.
    { name: 'moderators-waiting', everyMs: MINUTE_MS, run: () => remindModeratorsOfWaiting(deps) },
    // A new ask is mailed to those who could help when it is saved, never in its request.
    { name: 'ask-mails', everyMs: MINUTE_MS, run: () => queueAskMails(deps) },
    {
      name: 'first-message-reminders',
      everyMs: MINUTE_MS,
      run: () => queueFirstMessageReminders(deps),
    },
    {
      name: 'standing-offer-rounds',
      everyMs: MINUTE_MS,
      run: () => runStandingOfferRounds({ ...deps, live }),
    },
    // Listings whose date passed leave the visible indexes (browse tests the date itself too).
    { name: 'starter-visibility', everyMs: MINUTE_MS, run: () => hideExpiredListings(deps.db) },
    { name: 'account-scrub', everyMs: MINUTE_MS, run: () => scrubLeftAccounts(deps) },
    { name: 'data-exports', everyMs: poll, run: () => buildDataExports(deps) },
  ];
  return [
    ...dueWork.map((job) => ({ ...job, wakesWithClock: true })),
    // Not during start; then every ten minutes.
    {
      name: 'sweep',
      everyMs: 10 * MINUTE_MS,
      firstDelayMs: MINUTE_MS,
      run: () => sweep(deps, log),
    },
    // With BACKUP_DIR and BACKUP_EVERY_HOURS only (decision 133).
    ...(backup ? [backup] : []),
  ];
}

async function sweep(deps: { db: Database['db'] }, log: FastifyBaseLogger) {
  const result = await sweepExpiredRows(deps);
  if (result.sessions || result.rateLimits || result.mail || result.emailTokens) {
    log.info(result, 'expired rows swept');
  }
}
