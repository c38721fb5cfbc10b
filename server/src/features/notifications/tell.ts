import {
  newsKind,
  NEWS_KINDS,
  type MailedKind,
  type NewsKind,
  type NotificationKind,
} from '../../../../common/notifications/notification-kinds';
import type { Language } from '../../../../common/i18n/languages';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { translator } from '../../i18n/translate';
import type { Wording } from '../../i18n/wording';
import { queueReservationMail } from '../handovers/handover-mail';
import { queueMailTo } from '../mail/outbox';
import { mailRecipient, type MailRecipient } from '../mail/recipients';
import type { MailBody } from '../mail/templates';
import { notify, type NotifyInput } from './notifications.service';

/** What one mail says; `queueMailTo` adds the greeting, the language and the stop link. */
export type MailWords = Omit<MailBody, 'greeting' | 'language' | 'unsubscribeUrl'>;

/** Words a mail in the receiver's language, who may be mailed about the kind (`to`). */
export type MailWriter = (
  t: ReturnType<typeof translator>,
  language: Language,
  to: MailRecipient,
) => MailWords | Promise<MailWords>;

/** A reservation made or released: its mail waits the quiet period and tells the latest state. */
export interface ReservationChange {
  ownerId: string;
  starterId: number;
  change: 'reserved' | 'released';
  /** The conversation's line, worded for the receiver when the mail is written. */
  line: Wording;
}

type Declared<K extends NewsKind> = (typeof NEWS_KINDS)[K];

/** The kinds `tell` delivers: all but messages, whose mail and push follow the message itself. */
export type TellKind = Exclude<NewsKind, 'message'>;

/** The bell item's words, link and push tag (`notify`'s), or null for mail alone. */
type BellPart<K extends TellKind> = K extends NotificationKind
  ? { bell: Omit<NotifyInput, 'userId' | 'kind'> | null }
  : { bell?: never };

/**
 * What the kind's mail needs from the producer, by the pace its declaration gives: the words of
 * a mail queued at once; the change a mail after the quiet period tells of; nothing when the
 * kind has no mail of its own. Left out (`undefined`), no mail goes with this one item.
 */
type MailPart<K extends TellKind> = Declared<K>['mail'] extends { pace: 'at-once' }
  ? { mail: MailWriter | undefined }
  : Declared<K>['mail'] extends { pace: 'after-quiet' }
    ? { mail: ReservationChange | undefined }
    : { mail?: never };

export type News<K extends TellKind> = { kind: K; to: string } & BellPart<K> & MailPart<K>;

/**
 * Tells member `to` of news of `kind`, as its declaration (`NEWS_KINDS`, decision 153) and
 * the member's choices say, all in the caller's transaction so it exists exactly when its cause
 * does: rings the bell (`notify`, which also pushes by the kind's push choice and merges by
 * its policy), and queues the kind's mail by their mail choice — at once with `mail`'s words,
 * or, for a mail that waits the quiet period, the change it will tell of. Answers whether a
 * mail was queued (or, after the quiet period, will be considered).
 */
export async function tell<K extends TellKind>(
  tx: DbOrTx,
  config: Config,
  news: News<K>,
): Promise<{ mailed: boolean }> {
  const declared = newsKind(news.kind);
  if (declared.bell && news.bell) {
    await notify(tx, { userId: news.to, kind: news.kind as NotificationKind, ...news.bell });
  }
  if (declared.mail.choice === null || news.mail === undefined) return { mailed: false };
  if (declared.mail.pace === 'after-quiet') {
    const change = news.mail as ReservationChange;
    await queueReservationMail(tx, config, {
      memberId: news.to,
      ownerId: change.ownerId,
      starterId: change.starterId,
      kind: change.change,
      line: change.line,
    });
    return { mailed: true };
  }
  const to = await mailRecipient(tx, config, news.to, news.kind as MailedKind);
  if (!to) return { mailed: false };
  const write = news.mail as MailWriter;
  await queueMailTo(tx, config, to.member, (t, language) => write(t, language, to), to);
  return { mailed: true };
}
