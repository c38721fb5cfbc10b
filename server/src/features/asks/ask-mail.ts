import { membersAway } from '../../access/away';
import { sql } from 'drizzle-orm';
import { categoryName, subcategoryLabel } from '../../../../common/listings/catalogue';
import { askOpen } from '../../access/ask-access';
import { publiclyVisible } from '../../access/starter-access';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { runDueWork, type DueWorkDeps } from '../../jobs/due-work';
import { askMailings, asks, starters } from '../../db/schema';
import { earthOf, withinMetres } from '../places/earth';
import { tell, type MailWriter } from '../notifications/tell';
import { siteUrl } from '../mail/outbox';
import { readerOf, wordFor, type Wording } from '../../i18n/wording';
import * as clock from '../../clock/clock';
import { blockedEitherWay } from '../blocks/blocks.service';

/** At most one "Could you help?" per member in this many days. */
export const ASK_MAIL_CAP_DAYS = 7;

interface DueAsk {
  id: number;
  user_id: string;
  category: string;
  subcategory: string;
  search: string | null;
  location: string;
  note: string | null;
  latitude: number;
  longitude: number;
  radius_km: number;
}

/**
 * Who may be asked "Could you help?" about `ask`: members other than the asker, with no block
 * either way, not mailed one in the last week, who either have an open listing of that type
 * within the ask's radius, or live within it (their profile's place) and received that type
 * through a confirmed hand-over whose check-in they answered "thriving".
 */
export async function askHelpers(tx: Tx | Db, ask: DueAsk): Promise<string[]> {
  const point = earthOf(ask.latitude, ask.longitude);
  const metres = ask.radius_km * 1000;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT u.id FROM users u
      WHERE u.id <> ${ask.user_id}
        AND u.id NOT IN (${blockedEitherWay(ask.user_id)})
        -- Members away are not asked (decision 160).
        AND u.id NOT IN (${membersAway()})
        AND NOT EXISTS (
          SELECT 1 FROM ask_mailings m
          WHERE m.member_id = u.id
            AND m.sent_at > ${clock.sqlNow()} - make_interval(days => ${ASK_MAIL_CAP_DAYS}::int))
        AND (
          EXISTS (
            SELECT 1 FROM starters
            WHERE starters.user_id = u.id
              AND starters.category = ${ask.category} AND starters.subcategory = ${ask.subcategory}
              AND starters.is_claimed = false AND ${publiclyVisible()}
              AND ${withinMetres(starters.earthPoint, point, metres)})
          OR (
            u.latitude IS NOT NULL AND u.longitude IS NOT NULL
            AND ${withinMetres(earthOf(sql`u.latitude`, sql`u.longitude`), point, metres)}
            AND EXISTS (
              SELECT 1 FROM handovers h
              JOIN starters given ON given.id = h.starter_id
              JOIN checkins c ON c.handover_id = h.id
              WHERE h.recipient_id = u.id AND h.status = 'received' AND c.answer = 'thriving'
                AND given.category = ${ask.category} AND given.subcategory = ${ask.subcategory})))
      ORDER BY u.id`),
  );
  return rows.map((r) => r.id);
}

/**
 * The scheduler's job: each new ask, once, is mailed to the members who could help
 * (`askHelpers`). The ask is marked in the same transaction, leased with SKIP LOCKED, so a
 * second server copy never mails it again; the scheduler runs the job on one copy at a time,
 * so the weekly cap holds across asks too. A member whose choice is off, or who may not be
 * mailed, is not counted against the cap.
 */
export async function queueAskMails({ db, config }: DueWorkDeps): Promise<number> {
  return runDueWork<DueAsk>(db, {
    claim: () => sql`
        WITH due AS (
          SELECT asks.id FROM asks
          WHERE asks.announced_at IS NULL
          ORDER BY asks.created_at, asks.id
          LIMIT 20
          FOR UPDATE SKIP LOCKED
        )
        UPDATE asks a SET announced_at = ${clock.sqlNow()}
        FROM due WHERE a.id = due.id
        RETURNING a.id, a.user_id, a.category, a.subcategory, a.search, a.location, a.note,
          a.latitude, a.longitude, a.radius_km`,
    deliver: async (tx, ask) => {
      // Closed, expired or its owner held back before the job came round: nobody is asked.
      const [open] = rowsOf<{ id: number }>(
        await tx.execute(
          sql`SELECT ${asks.id} AS id FROM ${asks} WHERE ${asks.id} = ${ask.id} AND ${askOpen()}`,
        ),
      );
      if (!open) return 0;
      let queued = 0;
      for (const memberId of await askHelpers(tx, ask)) {
        // The weekly cap counts every "could you help?", in the bell as by mail.
        await tx.insert(askMailings).values({ askId: ask.id, memberId, sentAt: clock.now() });
        const told = await tell(tx, config, {
          kind: 'ask_help',
          to: memberId,
          bell: {
            title: {
              key: 'mail:notifications.ask',
              values: { place: ask.location, what: askedFor(ask) },
            },
            url: `/asks/${ask.id}`,
          },
          mail: askMail(config, ask),
        });
        if (told.mailed) queued += 1;
      }
      return queued;
    },
  });
}

/** The culture an ask names: its type, or its category for "other"; worded for each reader. */
function askedFor(ask: DueAsk): { text: Wording } {
  const english =
    ask.subcategory === 'other'
      ? categoryName(ask.category)
      : subcategoryLabel(ask.category, ask.subcategory);
  return {
    text: {
      key:
        ask.subcategory === 'other'
          ? `common:categories.${ask.category}`
          : `common:subcategories.${ask.subcategory}`,
      values: { defaultValue: english },
    },
  };
}

/** "Could you help?": what the ask looks for, where, and its words, in the helper's language. */
function askMail(config: Config, ask: DueAsk): MailWriter {
  return (t, _, to) => {
    const what = wordFor(askedFor(ask).text, readerOf(to.member));
    const place = ask.location;
    return {
      subject: t('mail:ask.subject', { what }),
      paragraphs: [
        ask.search
          ? t('mail:ask.lookingForWords', { place, what, words: ask.search })
          : t('mail:ask.lookingFor', { place, what }),
        ...(ask.note ? [t('mail:ask.wrote', { note: ask.note })] : []),
        t('mail:ask.spare'),
      ],
      action: { label: t('mail:ask.action'), url: `${siteUrl(config)}/asks/${ask.id}` },
      footer: t('mail:footers.asks'),
    };
  };
}
