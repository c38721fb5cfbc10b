import { Counter, Registry } from 'prom-client';

/**
 * Mail and push deliveries of this process, counted where they happen (the outbox workers) and
 * read by every app's GET /metrics.
 */
export const deliveryRegistry = new Registry();

export const mailSent = new Counter({
  name: 'cultureshare_mail_sent_total',
  help: 'Mails handed to the SMTP server (or saved as files).',
  registers: [deliveryRegistry],
});
export const mailFailed = new Counter({
  name: 'cultureshare_mail_failed_total',
  help: 'Mail delivery attempts that failed (retried later or given up).',
  registers: [deliveryRegistry],
});
export const pushSent = new Counter({
  name: 'cultureshare_push_sent_total',
  help: 'Pushes the push service accepted.',
  registers: [deliveryRegistry],
});
export const pushFailed = new Counter({
  name: 'cultureshare_push_failed_total',
  help: 'Push delivery attempts that failed (retried later, dropped, or the subscription gone).',
  registers: [deliveryRegistry],
});
