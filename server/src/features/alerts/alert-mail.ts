import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { publiclyVisible } from '../../access/starter-access';
import * as clock from '../../clock/clock';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { claimAndDeliver } from '../../jobs/due-work';
import { alertMatches, alerts, starters } from '../../db/schema';
import { queueMail, siteUrl } from '../mail/outbox';
import { mailableMember } from '../mail/recipients';
import { membersAway } from '../../access/away';
import { greetingFor, mailLanguage, renderMail, type MailBody } from '../mail/templates';
import { translator } from '../../i18n/translate';
import { alertDescription } from './alerts.service';
import { awakeIn } from './announce';
import { categoryName, subcategoryLabel } from '../../../../common/listings/catalogue';
import type { Language } from '../../../../common/i18n/languages';
import { HOUR_MS } from '../../../../common/site/time';

type AlertRow = typeof alerts.$inferSelect;
type Member = NonNullable<Awaited<ReturnType<typeof mailableMember>>>;

/** Digests go out at the hour message digests do (07:00 UTC), so the two can be one mail. */
const DIGEST_HOUR_UTC = 7;

/** The last digest moment at or before `now`: today's 07:00 UTC, else yesterday's; Monday's for weekly. */
export function digestBoundary(now: Date, frequency: 'daily' | 'weekly'): Date {
  const at = new Date(now);
  at.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  if (at > now) at.setUTCDate(at.getUTCDate() - 1);
  if (frequency === 'weekly') at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at;
}

/** The stop page a mail links to (it asks first) and the one-click URL its headers carry. */
export function alertStopUrls(config: Config, mailKey: string, alertId: number) {
  return {
    page: `${siteUrl(config)}/alerts/stop/${mailKey}/${alertId}`,
    oneClick: `${siteUrl(config)}/api/alerts/stop/${mailKey}/${alertId}`,
  };
}

interface Found {
  starterId: number;
  title: string;
  location: string;
}

/** An alert's matches not yet mailed whose listing anyone may still see, oldest first; takes them. */
async function takeMatches(tx: DbOrTx, alertId: number, before?: Date): Promise<Found[]> {
  const due = await tx
    .select({ starterId: alertMatches.starterId })
    .from(alertMatches)
    .where(
      and(
        eq(alertMatches.alertId, alertId),
        isNull(alertMatches.mailedAt),
        before
          ? sql`${alertMatches.announcedAt} < ${before.toISOString()}::timestamptz`
          : sql`true`,
      ),
    );
  if (due.length === 0) return [];
  const ids = due.map((d) => d.starterId);
  await tx
    .update(alertMatches)
    .set({ mailedAt: clock.now() })
    .where(and(eq(alertMatches.alertId, alertId), inArray(alertMatches.starterId, ids)));
  return tx
    .select({ starterId: starters.id, title: starters.title, location: starters.location })
    .from(starters)
    .where(and(inArray(starters.id, ids), publiclyVisible()))
    .orderBy(starters.createdAt);
}

const listingUrl = (config: Config, id: number) => `${siteUrl(config)}/starter/${id}`;

/**
 * How a mail names an alert: as the site does in English ("“kefir” within 25 km of Leeds"),
 * else in the mail's language, the member's own search words as they wrote them.
 */
function alertName(language: Language, alert: AlertRow): string {
  if (language === 'en') return alertDescription(alert);
  const t = translator(language);
  const category = alert.category
    ? t(`common:categories.${alert.category}`, { defaultValue: categoryName(alert.category) })
    : null;
  const type =
    alert.category && alert.subcategory
      ? t(`common:subcategories.${alert.subcategory}`, {
          defaultValue: subcategoryLabel(alert.category, alert.subcategory),
        })
      : null;
  const typeName = category && type ? `${category} › ${type}` : category;
  const what = [alert.search ? `“${alert.search}”` : null, typeName].filter(Boolean).join(' · ');
  const where = { km: alert.radiusKm, place: alert.place };
  return what ? t('mail:alerts.named', { what, ...where }) : t('mail:alerts.anything', where);
}

/** One alert's news as digest sections: a heading and a link per listing. */
function sectionsOf(language: Language, config: Config, alert: AlertRow, found: Found[]) {
  const t = translator(language);
  return found.map((f) => ({
    heading: t('mail:alerts.heading', {
      title: f.title,
      place: f.location,
      alert: alertName(language, alert),
    }),
    link: { label: t('mail:alerts.seeListing'), url: listingUrl(config, f.starterId) },
  }));
}

function immediateMail(config: Config, member: Member, alert: AlertRow, found: Found[]) {
  const stop = alertStopUrls(config, member.mailKey, alert.id);
  const first = found[0]!;
  const language = mailLanguage(member);
  const t = translator(language);
  const name = alertName(language, alert);
  const one = { title: first.title, place: first.location, alert: name };
  const body: MailBody = {
    language,
    subject:
      found.length === 1
        ? t('mail:alerts.subjectOne', one)
        : t('mail:alerts.subjectMany', { count: found.length }),
    greeting: greetingFor(member, language),
    ...(found.length === 1
      ? {
          paragraphs: [t('mail:alerts.foundOne', one)],
          action: { label: t('mail:alerts.seeListing'), url: listingUrl(config, first.starterId) },
        }
      : {
          paragraphs: [t('mail:alerts.foundMany', { alert: name })],
          sections: sectionsOf(language, config, alert, found),
        }),
    links: [{ label: t('mail:alerts.stopThis'), url: stop.page }],
    footer: t('mail:footers.alerts'),
    unsubscribeUrl: stop.page,
  };
  return { content: renderMail(body), stop: { url: stop.oneClick } };
}

/**
 * A member's digest alerts (daily and weekly) with news due now, as sections and the stop
 * links of each, and takes those matches. The message digest calls this for a member it is
 * mailing, so both arrive as one mail; `queueDueAlertMail` sends the rest.
 */
export async function takeAlertDigest(
  tx: DbOrTx,
  config: Config,
  member: Pick<Member, 'id' | 'mailKey' | 'language'>,
): Promise<{ sections: NonNullable<MailBody['sections']>; links: NonNullable<MailBody['links']> }> {
  const language = mailLanguage(member);
  const t = translator(language);
  const now = clock.now();
  const mine = await tx
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.userId, member.id),
        inArray(alerts.frequency, ['daily', 'weekly']),
        // The message digest carries no alerts while the member is away.
        sql`${alerts.userId} NOT IN (${membersAway()})`,
      ),
    )
    .orderBy(alerts.id);
  const sections: NonNullable<MailBody['sections']> = [];
  const links: NonNullable<MailBody['links']> = [];
  for (const alert of mine) {
    const found = await takeMatches(
      tx,
      alert.id,
      digestBoundary(now, alert.frequency as 'daily' | 'weekly'),
    );
    if (found.length === 0) continue;
    await tx.update(alerts).set({ lastMailedAt: now }).where(eq(alerts.id, alert.id));
    sections.push(...sectionsOf(language, config, alert, found));
    links.push({
      label: t('mail:alerts.stopNamed', { alert: alertName(language, alert) }),
      url: alertStopUrls(config, member.mailKey, alert.id).page,
    });
  }
  return { sections, links };
}

/**
 * The alert-mail job's run. Immediate alerts: one mail per alert with news, at most one an
 * hour; what arrives within the hour goes into the next. Digest alerts: one mail per member
 * once their digest moment has passed, unless the member's message digest is due too (it
 * carries the alerts). Matches whose listing nobody may see any more send nothing.
 */
export async function queueDueAlertMail({ db, config }: { db: Db; config: Config }) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
    let queued = await claimAndDeliver<{ id: number }>(tx, {
      claim: () => sql`
        SELECT a.id FROM alerts a JOIN users u ON u.id = a.user_id
        WHERE a.frequency = 'immediate'
          AND (a.last_mailed_at IS NULL OR a.last_mailed_at <= ${hourAgo}::timestamptz)
          -- Not in the member's night: what the night brought is mailed in their morning.
          AND ${awakeIn(sql`COALESCE(u.time_zone, 'UTC')`)}
          -- Paused while the member is away: what arrives meanwhile waits for their return.
          AND u.id NOT IN (${membersAway()})
          AND EXISTS (SELECT 1 FROM alert_matches m WHERE m.alert_id = a.id AND m.mailed_at IS NULL)
        ORDER BY a.id LIMIT 100 FOR UPDATE OF a SKIP LOCKED`,
      // The alert's matches are marked mailed as they are taken, mailed or not.
      deliver: async (tx, { id }) => {
        const [alert] = await tx
          .select()
          .from(alerts)
          .where(eq(alerts.id, Number(id)));
        if (!alert) return false;
        const found = await takeMatches(tx, alert.id);
        const member = await mailableMember(tx, alert.userId);
        if (!member || found.length === 0) return false;
        await tx.update(alerts).set({ lastMailedAt: now }).where(eq(alerts.id, alert.id));
        const { content, stop } = immediateMail(config, member, alert, found);
        await queueMail(tx, config, { ...content, to: member.email, stop, kind: 'alert_match' });
        return true;
      },
    });

    const daily = digestBoundary(now, 'daily').toISOString();
    const weekly = digestBoundary(now, 'weekly').toISOString();
    const members = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        SELECT DISTINCT a.user_id FROM alerts a JOIN alert_matches m ON m.alert_id = a.id
        WHERE m.mailed_at IS NULL AND (
          (a.frequency = 'daily' AND m.announced_at < ${daily}::timestamptz) OR
          (a.frequency = 'weekly' AND m.announced_at < ${weekly}::timestamptz))
          AND a.user_id NOT IN (${membersAway()})
          AND NOT EXISTS (
            SELECT 1 FROM message_mail_due d JOIN users u ON u.id = d.receiver_id
            WHERE d.receiver_id = a.user_id AND u.message_mail = 'daily'
              AND d.due_at <= ${clock.sqlNow()})
        LIMIT 100`),
    );
    for (const { user_id } of members) {
      const member = await mailableMember(tx, user_id);
      const { sections, links } = await takeAlertDigest(
        tx,
        config,
        member ?? { id: user_id, mailKey: '', language: null },
      );
      if (!member || sections.length === 0) continue;
      const language = mailLanguage(member);
      const t = translator(language);
      const content = renderMail({
        language,
        subject: t('mail:alerts.digestSubject', { count: sections.length }),
        greeting: greetingFor(member, language),
        paragraphs: [t('mail:alerts.digestIntro')],
        sections,
        links,
        footer: t('mail:footers.alerts'),
        unsubscribeUrl: links.length === 1 ? links[0]!.url : undefined,
      });
      // Each alert's own stop link is in the mail; the header's one-click stops the first.
      await queueMail(tx, config, {
        ...content,
        to: member.email,
        stop: { url: oneClickOfPage(links[0]!.url) },
        kind: 'alert_match',
      });
      queued += 1;
    }
    return queued;
  });
}

const oneClickOfPage = (page: string) => page.replace('/alerts/stop/', '/api/alerts/stop/');
