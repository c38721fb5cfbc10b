import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { rowsOf } from '../../db/rows';
import { runDueWork, type DueWorkDeps } from '../../jobs/due-work';
import { reservationMailDue } from '../../db/schema';
import { queueMail, siteUrl } from '../mail/outbox';
import { mailRecipient, starterMailFacts, type MailRecipient } from '../mail/recipients';
import { greetingFor, mailLanguage, memberText, renderMail } from '../mail/templates';
import { translator } from '../../i18n/translate';
import { readerOf, wordFor, type Wording } from '../../i18n/wording';
import * as clock from '../../clock/clock';
import type { NewsKind } from '../../../../common/notifications/notification-kinds';
import { HOUR_MS } from '../../../../common/site/time';

/** At most this many reservation mails reach one member an hour; more wait and merge. */
export const RESERVATION_MAILS_PER_HOUR = 5;

type Change = 'reserved' | 'released';

/**
 * Notes that a portion was reserved for a member, or released, in the caller's transaction.
 * Like a message, it waits the quiet period before a mail (MESSAGE_MAIL_DELAY_SECONDS), and
 * the mail then tells the latest state: an owner who reserves and releases in a loop sends the
 * member one mail, not one per click.
 */
export async function queueReservationMail(
  tx: DbOrTx,
  config: Config,
  input: { memberId: string; ownerId: string; starterId: number; kind: Change; line: Wording },
): Promise<void> {
  // The bell and the push went at once (`tell`); the mail waits and merges.
  const dueAt = new Date(clock.nowMs() + config.mail.messageDelaySeconds * 1000);
  await tx
    .insert(reservationMailDue)
    .values({
      receiverId: input.memberId,
      ownerId: input.ownerId,
      starterId: input.starterId,
      firstKind: input.kind,
      kind: input.kind,
      line: input.line,
      dueAt,
    })
    .onConflictDoUpdate({
      target: [
        reservationMailDue.receiverId,
        reservationMailDue.starterId,
        reservationMailDue.ownerId,
      ],
      set: { kind: input.kind, line: input.line },
    });
  await wakeJob(tx, 'reservation-mail', dueAt);
}

interface DueRow {
  receiver_id: string;
  starter_id: number;
  owner_id: string;
  first_kind: Change;
  kind: Change;
  line: Wording;
}

async function reservationMail(tx: DbOrTx, config: Config, to: MailRecipient, row: DueRow) {
  const language = mailLanguage(to.member);
  const t = translator(language);
  const facts = await starterMailFacts(
    tx,
    { ownerId: row.owner_id, starterId: Number(row.starter_id) },
    t('mail:reservation.owner'),
    language,
  );
  const words = { owner: facts.ownerName, title: facts.title };
  const threadUrl = `${siteUrl(config)}/messages?starter=${row.starter_id}&with=${encodeURIComponent(row.owner_id)}`;
  const reserved = row.kind === 'reserved';
  return renderMail({
    language,
    subject: reserved
      ? t('mail:reservation.subjectReserved', words)
      : t('mail:reservation.subjectReleased', words),
    greeting: greetingFor(to.member, language),
    paragraphs: [
      reserved ? t('mail:reservation.reserved', words) : t('mail:reservation.released', words),
      // The line may carry the owner's own words (a release reason): never a live link.
      memberText(wordFor(row.line, readerOf(to.member))),
    ],
    action: { label: t('mail:openConversation'), url: threadUrl },
    footer: t('mail:footers.reservations'),
    unsubscribeUrl: to.unsubscribeUrl,
  });
}

/** Reservation mails queued for this address in the last hour, counted by the outbox's kind. */
async function sentThisHour(tx: DbOrTx, address: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      SELECT count(*)::int AS n FROM mail_outbox
      WHERE to_address = ${address} AND kind = ${'reservation' satisfies NewsKind}
        AND created_at > ${new Date(clock.nowMs() - HOUR_MS)}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Turns reservation changes whose quiet period is over into mails: nothing when the member
 * turned these off or may not be mailed, nothing when the change undid itself (reserved, then
 * released), and past the hourly cap the change waits an hour more, merging with what follows.
 */
export async function queueDueReservationMail({ db, config }: DueWorkDeps): Promise<number> {
  return runDueWork<DueRow>(db, {
    claim: () => sql`
      DELETE FROM reservation_mail_due WHERE (receiver_id, starter_id, owner_id) IN (
        SELECT receiver_id, starter_id, owner_id FROM reservation_mail_due
        WHERE due_at <= ${clock.sqlNow()} ORDER BY due_at LIMIT 50 FOR UPDATE SKIP LOCKED
      ) RETURNING receiver_id, starter_id, owner_id, first_kind, kind, line`,
    deliver: async (tx, row) => {
      if (row.first_kind === 'reserved' && row.kind === 'released') return false;
      const to = await mailRecipient(tx, config, row.receiver_id, 'reservation');
      if (!to) return false;
      if ((await sentThisHour(tx, to.member.email)) >= RESERVATION_MAILS_PER_HOUR) {
        await tx
          .insert(reservationMailDue)
          .values({
            receiverId: row.receiver_id,
            starterId: Number(row.starter_id),
            ownerId: row.owner_id,
            firstKind: row.first_kind,
            kind: row.kind,
            line: row.line,
            dueAt: new Date(clock.nowMs() + HOUR_MS),
          })
          .onConflictDoNothing();
        return false;
      }
      const content = await reservationMail(tx, config, to, row);
      await queueMail(tx, config, {
        ...content,
        to: to.member.email,
        stop: to.stop,
        kind: to.news,
      });
      return true;
    },
  });
}
