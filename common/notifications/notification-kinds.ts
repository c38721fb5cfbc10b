import { MINUTE_MS } from '../site/time';
/**
 * Every kind of news the site tells a member of by itself, declared once (decision 153): its
 * item in the notification centre (the bell), the mail choice that decides its mail and the pace
 * of that mail, the push choice that decides its push, and the catalogue keys of its words. The
 * server's `tell` reads this to ring the bell, push and queue mail in one call; the centre's
 * kinds, the settings pages and the outbox's `kind` follow from it. `notification-kinds.test.ts`
 * fails when a kind lacks a part.
 *
 * Adding a kind is one entry here and its texts in the four catalogues; a migration only when it
 * brings a new choice (a column on the member's row).
 */

/**
 * How a member hears of a kind by email, one choice each (decision 054), kept in a column of
 * the member's row. The order is the settings page's.
 */
export const MAIL_KINDS = [
  'messages',
  'reservations',
  'checkins',
  'offers',
  'reminders',
  'asks',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Only messages can wait for a daily digest: the others ask for an answer within hours or are
 * about one moment.
 */
export const DIGEST_KINDS: readonly MailKind[] = ['messages'];
export const mayDigest = (kind: MailKind) => DIGEST_KINDS.includes(kind);

/**
 * The kinds of news a member may have pushed to their devices, one switch each (decision 094).
 * Each is the push channel of the mail choice of the same name; alert matches have no mail
 * choice, as every alert chooses its own mail pace.
 */
export const PUSH_KINDS = ['messages', 'reservations', 'checkins', 'offers', 'alerts'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * When a kind's mail is queued:
 * - `at-once`: with the bell item, in the same transaction, when the member's choice is on;
 * - `after-quiet`: after the quiet period, telling the latest state, at most a few an hour
 *   (a reservation reserved and released in a loop is one mail; `reservation_mail_due`);
 * - `digest`: after the quiet period or in the daily digest, by the member's choice
 *   (`message_mail_due`).
 */
export type MailPace = 'at-once' | 'after-quiet' | 'digest';

export type KindMail =
  | { choice: MailKind; pace: MailPace }
  /** No mail of the kind's own, and why. */
  | { choice: null; why: string };

export interface KindDeclaration {
  /**
   * Its item in the centre; null when the kind has its own place on the site instead (messages
   * have their own unread count). `mergeWithinMs`: items of the kind with the same link made
   * within this time are replaced by the newer one, which says where things stand now.
   */
  bell: { mergeWithinMs?: number } | null;
  mail: KindMail;
  /** The push choice that decides whether it is pushed; null: it waits in the bell and mail. */
  push: PushKind | null;
  /**
   * The catalogue keys of its words (`mail:` namespace): its bell lines
   * (`mail:notifications.*`, each belonging to one kind), its mails' section and their footer.
   */
  words: readonly string[];
}

/** A reservation changed back and forth within this time is one bell item. */
export const RESERVATION_MERGE_MS = 15 * MINUTE_MS;

export const NEWS_KINDS = {
  reservation: {
    bell: { mergeWithinMs: RESERVATION_MERGE_MS },
    mail: { choice: 'reservations', pace: 'after-quiet' },
    push: 'reservations',
    words: [
      'mail:notifications.reserved',
      'mail:notifications.released',
      'mail:notifications.backedOut',
      'mail:reservation',
      'mail:footers.reservations',
    ],
  },
  handover: {
    bell: {},
    mail: {
      choice: null,
      why: 'The steps of a hand-over are lines of the conversation; only reserving and releasing are mailed',
    },
    push: 'reservations',
    words: [
      'mail:notifications.given',
      'mail:notifications.givenBody',
      'mail:notifications.givenReceived',
      'mail:notifications.givenNotReceived',
      'mail:notifications.received',
      'mail:notifications.notReceived',
      'mail:notifications.feedback',
    ],
  },
  checkin: {
    bell: {},
    mail: { choice: 'checkins', pace: 'at-once' },
    push: 'checkins',
    words: [
      'mail:notifications.checkin',
      'mail:notifications.checkinBody',
      'mail:checkin',
      'mail:footers.checkins',
    ],
  },
  standing_offer: {
    bell: {},
    mail: { choice: 'offers', pace: 'at-once' },
    push: 'offers',
    words: [
      'mail:notifications.offer',
      'mail:notifications.offerBody',
      'mail:notifications.offerAccepted',
      'mail:notifications.offerDeclined',
      'mail:notifications.offerExpired',
      'mail:notifications.offerWithdrawn',
      'mail:offer',
      'mail:footers.offers',
    ],
  },
  expiry: {
    bell: {},
    mail: { choice: 'reminders', pace: 'at-once' },
    push: null,
    words: [
      'mail:notifications.expiry',
      'mail:notifications.expiryBody',
      'mail:expiry',
      'mail:footers.reminders',
    ],
  },
  /** A listing the member saved was reserved by someone else or claimed, or is about to expire (decision 159). */
  saved: {
    bell: {},
    mail: {
      choice: null,
      why: 'Saving a listing is a quiet bookmark: news of it rings the bell only',
    },
    push: null,
    words: [
      'mail:notifications.savedReserved',
      'mail:notifications.savedReservedBody',
      'mail:notifications.savedClaimed',
      'mail:notifications.savedClaimedBody',
      'mail:notifications.savedExpiring',
      'mail:notifications.savedExpiringBody',
    ],
  },
  moderation: {
    bell: {},
    mail: { choice: 'reminders', pace: 'at-once' },
    push: null,
    words: [
      'mail:notifications.restored',
      'mail:notifications.restoredBody',
      'mail:notifications.upheld',
      'mail:notifications.upheldBody',
      'mail:notifications.reportReviewed',
      'mail:notifications.reportReviewedBody',
      'mail:notifications.reportResolved',
      'mail:notifications.reportResolvedBody',
      'mail:notifications.removed',
      'mail:notifications.removedBody',
      'mail:notifications.reportRemoved',
      'mail:notifications.reportRemovedBody',
      'mail:notifications.heldRejected',
      'mail:notifications.heldRejectedBody',
      'mail:notifications.waiting',
      'mail:notifications.waitingInArea',
      'mail:notifications.waitingNow',
      // The words of items stored before `waitingNow` (their values name a date, `since`).
      'mail:notifications.waitingBody',
      'mail:moderation',
      'mail:heldRules',
      'mail:footers.moderation',
      'mail:footers.moderators',
      'mail:footers.stewards',
    ],
  },
  alert_match: {
    bell: {},
    mail: {
      choice: null,
      why: 'Each alert chooses its own mail (at once, daily or weekly) and is stopped alone',
    },
    push: 'alerts',
    words: [
      'mail:notifications.alert',
      'mail:notifications.askMatch',
      'mail:alerts',
      'mail:footers.alerts',
    ],
  },
  ask_help: {
    bell: {},
    mail: { choice: 'asks', pace: 'at-once' },
    push: null,
    words: ['mail:notifications.ask', 'mail:ask', 'mail:footers.asks'],
  },
  /**
   * A member whose culture died asks a backup keeper who has no open listing of the family, so
   * no conversation to open (decision 161): the keeper hears of it in the bell.
   */
  backup_ask: {
    bell: {},
    mail: {
      choice: null,
      why: 'A keeper is asked at most once a week; the bell says who asked and for which family',
    },
    push: null,
    words: ['mail:notifications.backupAsk', 'mail:notifications.backupAskBody'],
  },
  /**
   * A keeper said no to an ask for their backup, with no reason asked: the member who asked is
   * told kindly, and may ask the next holder (decision 173).
   */
  backup_declined: {
    bell: {},
    mail: {
      choice: null,
      why: 'The answer to an ask the member made a moment before; the bell is enough',
    },
    push: null,
    words: ['mail:notifications.backupDeclined', 'mail:notifications.backupDeclinedBody'],
  },
  message: {
    bell: null,
    mail: { choice: 'messages', pace: 'digest' },
    push: 'messages',
    words: [
      'mail:notifications.message',
      'mail:notifications.hiddenMessage',
      'mail:messages',
      'mail:digest',
      'mail:footers.digest',
      'mail:nudge.subject',
      'mail:nudge.body',
    ],
  },
  /** The owner of a listing who has not answered a first message for a while. */
  reply_reminder: {
    bell: null,
    mail: { choice: 'reminders', pace: 'at-once' },
    push: null,
    words: ['mail:nudge.reminderSubject', 'mail:nudge.reminder', 'mail:footers.reminders'],
  },
} as const satisfies Record<string, KindDeclaration>;

export type NewsKind = keyof typeof NEWS_KINDS;
export const NEWS_KIND_NAMES = Object.keys(NEWS_KINDS) as NewsKind[];

/** The kinds with an item in the centre. */
export type NotificationKind = {
  [K in NewsKind]: (typeof NEWS_KINDS)[K]['bell'] extends null ? never : K;
}[NewsKind];
export const NOTIFICATION_KINDS = NEWS_KIND_NAMES.filter(
  (kind) => NEWS_KINDS[kind].bell !== null,
) as [NotificationKind, ...NotificationKind[]];

/** The kinds with a mail choice of their own. */
export type MailedKind = {
  [K in NewsKind]: (typeof NEWS_KINDS)[K]['mail'] extends { choice: MailKind } ? K : never;
}[NewsKind];

/** The mail choice that decides `kind`'s mail. */
export const mailChoiceFor = (kind: MailedKind): MailKind =>
  (NEWS_KINDS[kind].mail as { choice: MailKind }).choice;

/** The kinds whose mail is queued with the bell, when the member's choice is on. */
export type AtOnceKind = {
  [K in NewsKind]: (typeof NEWS_KINDS)[K]['mail'] extends { pace: 'at-once' } ? K : never;
}[NewsKind];

/** The declaration of `kind`, as the general shape (for code that reads any kind). */
export const newsKind = (kind: NewsKind): KindDeclaration => NEWS_KINDS[kind];
