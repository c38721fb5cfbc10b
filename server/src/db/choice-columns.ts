import type { MailKind, PushKind } from '../../../common/notifications/notification-kinds';
import type { users } from './schema';

type Member = typeof users.$inferSelect;

/**
 * Where a member's choices for each kind of news are kept on their row, a column a choice: how
 * it is mailed (decision 054) and, beside it, whether it is pushed (decision 094). A new choice
 * is a column, named here.
 */
export const CHOICE_COLUMNS = {
  messages: { mail: 'messageMail', push: 'messagePush' },
  reservations: { mail: 'reservationMail', push: 'reservationPush' },
  checkins: { mail: 'checkinMail', push: 'checkinPush' },
  offers: { mail: 'offerMail', push: 'offerPush' },
  reminders: { mail: 'reminderMail' },
  asks: { mail: 'askMail' },
  alerts: { push: 'alertPush' },
} as const satisfies { [K in MailKind]: { mail: keyof Member } } & {
  [K in PushKind]: { push: keyof Member };
};

/** The column that keeps a kind's mail choice. */
export type MailChoiceColumn<K extends MailKind> = (typeof CHOICE_COLUMNS)[K]['mail'];
