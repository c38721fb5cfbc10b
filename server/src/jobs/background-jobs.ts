import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { queueCheckinMails } from '../features/checkins/checkin-mail';
import { queueExpiryReminders } from '../features/starters/expiry-reminders';
import { queueDueMessageMail } from '../features/messages/message-mail';
import type { Mailer } from '../features/mail/mailer';
import { deliverMailBacklog } from '../features/mail/outbox';
import { livePublisher } from '../features/messages/live-events';
import { runStandingOfferRounds } from '../features/standing-offers/rounds';
import { sweepExpiredRows } from '../sweeper';
import type { Job } from './scheduler';

const MINUTE = 60_000;

/**
 * Every piece of background work the server does, and how often (decision 041). Each runs on
 * one copy at a time, on its own timer; a new job is one more line here.
 */
export function backgroundJobs(
  { database, config, log }: { database: Database; config: Config; log: FastifyBaseLogger },
  mailer: Mailer,
  stopping: () => boolean,
): Job[] {
  const deps = { db: database.db, config };
  const poll = config.mail.pollMs;
  return [
    { name: 'mail', everyMs: poll, run: () => deliverMailBacklog(deps, mailer, log, stopping) },
    { name: 'message-mail', everyMs: poll, run: () => queueDueMessageMail(deps) },
    // Matters of days: looked over once a minute.
    { name: 'expiry-reminders', everyMs: MINUTE, run: () => queueExpiryReminders(deps) },
    { name: 'checkin-mails', everyMs: MINUTE, run: () => queueCheckinMails(deps) },
    {
      name: 'standing-offer-rounds',
      everyMs: MINUTE,
      run: () => runStandingOfferRounds({ ...deps, live: livePublisher(database, log) }),
    },
    // Not during start; then every ten minutes.
    { name: 'sweep', everyMs: 10 * MINUTE, firstDelayMs: MINUTE, run: () => sweep(deps, log) },
  ];
}

async function sweep(deps: { db: Database['db'] }, log: FastifyBaseLogger) {
  const result = await sweepExpiredRows(deps);
  if (result.sessions || result.rateLimits || result.mail || result.emailTokens) {
    log.info(result, 'expired rows swept');
  }
}
