import crypto from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DeleteAccountInput } from '../../../../../common/members/account';
import { INVALID_CREDENTIALS } from '../../../../../common/members/auth';
import { STARTER_TITLE_MAX_LENGTH } from '../../../../../common/listings/starters';
import { isLeaving, mayComeBack, membersPastGrace } from '../../../access/members';
import { fresh, openly } from '../../../access/starter-access';
import * as clock from '../../../clock/clock';
import type { DbOrTx } from '../../../db/client';
import { SCRUBBED_TABLES, type ScrubbedTable } from '../../../db/member-data';
import { rowsOf } from '../../../db/rows';
import {
  accountCodes,
  alerts,
  asks,
  blocks,
  cultureDeaths,
  cultureKeepers,
  keeperAsks,
  meetAttendees,
  meetListings,
  meets,
  hiddenStarters,
  stewards,
  savedStarters,
  dataExports,
  emailTokens,
  externalIdentities,
  feedback,
  heldMessages,
  messageMailDue,
  messages,
  notifications,
  passkeys,
  photos,
  pushSubscriptions,
  reports,
  reservationMailDue,
  reservations,
  sessions,
  standingOffers,
  standingWaitlist,
  starterRemovals,
  starters,
  users,
  webauthnChallenges,
} from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { badRequest, HttpError } from '../../../errors';
import type { SessionUser } from '../../../plugins/sessions';
import { verifyPassword } from '../auth/passwords';
import { queueMailTo } from '../../mail/outbox';
import { LOCALE_TAGS, type Language } from '../../../../../common/i18n/languages';
import { findPlace } from '../../places/places.service';
import { HOUR_MS, MINUTE_MS } from '../../../../../common/site/time';

const CODE_TTL_MS = 15 * MINUTE_MS;
export const WRONG_PASSWORD = 'Your password is not right';
export const WRONG_CODE = 'That code is not right or has expired';
/** What others see in place of a message written by a member who has left. */
export const MESSAGE_REMOVED = 'Message removed';

const hash = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** "3 March 2027" in English as before; the receiver's own way of writing a date otherwise. */
const dateIn = (language: Language, date: Date) =>
  language === 'en'
    ? dateFormat.format(date)
    : new Intl.DateTimeFormat(LOCALE_TAGS[language], {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(date);

/** When a member who asks now stops being able to come back. */
const graceEnd = (graceSeconds: number, from: Date) =>
  new Date(from.getTime() + graceSeconds * 1000);

/**
 * For a member without a password (external sign-in): mails a 6-digit code that confirms
 * deleting the account, valid for 15 minutes. A new code replaces the last one.
 */
export async function requestDeletionCode(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  actor: SessionUser,
): Promise<void> {
  await limiter.consume(
    `account-delete-code:${actor.id}`,
    5,
    HOUR_MS,
    'Too many codes asked for. Please try again later.',
  );
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const values = {
      userId: actor.id,
      codeHash: hash(`${actor.id}:${code}`),
      expiresAt: new Date(clock.nowMs() + CODE_TTL_MS),
    };
    await tx
      .insert(accountCodes)
      .values(values)
      .onConflictDoUpdate({ target: accountCodes.userId, set: values });
    await queueMailTo(tx, config, actor, (t) => ({
      subject: t('mail:deletion.codeSubject'),
      paragraphs: [t('mail:deletion.code', { code }), t('mail:deletion.codeIfNot')],
      footer: t('mail:footers.security'),
    }));
  });
}

/** Uses up the member's mailed code; false when wrong, expired or never asked for. */
async function useCode(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const [row] = await db
    .delete(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.codeHash, hash(`${userId}:${code}`)),
        sql`${accountCodes.expiresAt} > ${clock.sqlNow()}`,
      ),
    )
    .returning({ userId: accountCodes.userId });
  return !!row;
}

/**
 * Deletes the member's account: confirmed by their password (or the mailed code when they
 * have none). They are signed out everywhere and, through the access layer, hidden with their
 * listings and profile at once; signing in within the grace period brings everything back,
 * after which the scrub job removes what is personal.
 */
export async function deleteAccount(
  { db, config, limiter, listings }: Pick<AppDeps, 'db' | 'config' | 'limiter' | 'listings'>,
  actor: SessionUser,
  input: DeleteAccountInput,
): Promise<{ restoreBefore: Date }> {
  // Counted before checking, like every password check, so guesses cannot slip past it.
  await limiter.consume(
    `account-delete:${actor.id}`,
    10,
    HOUR_MS,
    'Too many tries. Please try again later.',
  );
  if (actor.passwordHash) {
    if (!input.password || !(await verifyPassword(actor.passwordHash, input.password))) {
      throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
    }
  } else if (!input.code || !(await useCode(db, actor.id, input.code))) {
    throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  }
  const now = clock.now();
  const restoreBefore = graceEnd(config.accountDeleteGraceSeconds, now);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, actor.id));
    await tx.delete(sessions).where(eq(sessions.userId, actor.id));
    await queueMailTo(tx, config, actor, (t, language) => ({
      subject: t('mail:deletion.deletedSubject'),
      paragraphs: [
        t('mail:deletion.deleted'),
        t('mail:deletion.changedMind', { date: dateIn(language, restoreBefore) }),
      ],
      footer: t('mail:footers.security'),
    }));
  });
  // Every copy clears on the database's notification; this one need not wait for it.
  listings.clear();
  return { restoreBefore };
}

/**
 * Called by every way of signing in, once the member has proved who they are: a member who
 * is leaving comes back (everything shows again) while the grace period lasts; after it they
 * are answered as an unknown account. Anyone else passes through unchanged.
 */
export async function comeBackIfLeaving(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  user: SessionUser,
): Promise<SessionUser> {
  if (!isLeaving(user)) return user;
  if (!mayComeBack(user, config.accountDeleteGraceSeconds)) {
    throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  }
  return db.transaction(async (tx) => {
    const [back] = await tx
      .update(users)
      .set({ deletedAt: null, updatedAt: clock.now() })
      .where(eq(users.id, user.id))
      .returning();
    await queueMailTo(tx, config, user, (t) => ({
      subject: t('mail:deletion.backSubject'),
      paragraphs: [t('mail:deletion.back'), t('mail:deletion.stillLeave')],
      footer: t('mail:footers.security'),
    }));
    return back!;
  });
}

/**
 * "Pause my listings", offered before deleting: each listing still on offer ends its current
 * stretch now, so it leaves browse at once, and each standing offer stops its rounds. The
 * owner brings any one back with its usual "Still available" (and "Resume") buttons.
 */
export async function pauseListings(
  { db, listings }: Pick<AppDeps, 'db' | 'listings'>,
  actor: SessionUser,
): Promise<number> {
  const paused = await db.transaction(async (tx) => {
    const rows = await tx
      .update(starters)
      .set({ availableUntil: clock.now(), expiryRemindedFor: clock.now(), updatedAt: clock.now() })
      .where(and(eq(starters.userId, actor.id), openly(), fresh(), eq(starters.isClaimed, false)))
      .returning({ id: starters.id });
    await tx
      .update(standingOffers)
      .set({ pausedAt: clock.now(), updatedAt: clock.now() })
      .where(
        and(
          sql`${standingOffers.pausedAt} IS NULL`,
          inArray(
            standingOffers.starterId,
            tx.select({ id: starters.id }).from(starters).where(eq(starters.userId, actor.id)),
          ),
        ),
      );
    return rows.length;
  });
  listings.clear();
  return paused;
}

/** The scrub job: every member whose grace period has ended, one transaction each. */
export async function scrubLeftAccounts({
  db,
  config,
}: Pick<AppDeps, 'db' | 'config'>): Promise<number> {
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`${membersPastGrace(config.accountDeleteGraceSeconds)} LIMIT 50`),
  );
  for (const { id } of due) await db.transaction((tx) => scrubMember(tx, id));
  return due.length;
}

/** Words of the member's own that mails to others may carry; too short ones match anything. */
const usable = (values: Array<string | null | undefined>) => [
  ...new Set(values.map((v) => v?.trim() ?? '').filter((v) => v.length >= 3)),
];

const textArray = (values: string[]) =>
  values.length === 0
    ? sql`ARRAY[]::text[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** What every table's scrub needs: the member as they were, and what of theirs others hold. */
interface ScrubContext {
  tx: DbOrTx;
  userId: string;
  member: typeof users.$inferSelect;
  now: Date;
  fullName: string;
  /** Their messages' words and the reasons they gave, as mails and bells may quote them. */
  sentWords: string[];
  /** Matches a text that links one of their listings (what others were told about them). */
  about: (column: SQL) => SQL;
  /** The ids of their listings, as a subquery. */
  own: () => SQLWrapper;
}

async function scrubContext(
  tx: DbOrTx,
  member: typeof users.$inferSelect,
  now: Date,
): Promise<ScrubContext> {
  const userId = member.id;
  const sent = rowsOf<{ content: string }>(
    await tx.execute(
      sql`SELECT DISTINCT content FROM messages WHERE sender_id = ${userId} AND kind = 'text'`,
    ),
  ).map((r) => r.content);
  // Their reasons for releasing or backing out of a reservation, as the lines carry them.
  const reasons = rowsOf<{ reason: string }>(
    await tx.execute(sql`
      SELECT DISTINCT system->'values'->>'reason' AS reason FROM messages
      WHERE sender_id = ${userId} AND kind = 'system' AND system->'values' ? 'reason'`),
  ).map((r) => r.reason);
  // Their listings: what others were told about them names them (`about` matches a link).
  const ownIds = (
    await tx.select({ id: starters.id }).from(starters).where(eq(starters.userId, userId))
  ).map((r) => r.id);
  const about = (column: SQL) =>
    ownIds.length === 0
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM regexp_matches(${column}, 'starter[/=]([0-9]+)', 'g') AS r(m)
          WHERE r.m[1]::int IN (${sql.join(
            ownIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`;
  return {
    tx,
    userId,
    member,
    now,
    fullName: [member.firstName, member.lastName].filter(Boolean).join(' '),
    sentWords: [...sent, ...reasons],
    about,
    own: () => tx.select({ id: starters.id }).from(starters).where(eq(starters.userId, userId)),
  };
}

/** Words that name the member in others' bells and pushes. */
const namingWords = (c: ScrubContext) =>
  usable([c.fullName, c.member.username, c.member.firstName, c.member.lastName, ...c.sentWords]);

/** The member's words in a held or delivered message's place, and their photos gone. */
const scrubMessages = {
  async messages({ tx, userId }: ScrubContext) {
    await tx
      .update(messages)
      .set({ content: MESSAGE_REMOVED })
      .where(and(eq(messages.senderId, userId), eq(messages.kind, 'text')));
    // Lines keep their event for the other side, not the leaver's reason.
    await tx.execute(sql`
      UPDATE messages SET system = system #- '{values,reason}'
      WHERE sender_id = ${userId} AND kind = 'system' AND system->'values' ? 'reason'`);
  },
  // Held messages keep their place in a moderator's history, without the words or photos.
  async held_messages({ tx, userId }: ScrubContext) {
    await tx
      .update(heldMessages)
      .set({ content: MESSAGE_REMOVED })
      .where(eq(heldMessages.senderId, userId));
  },
  async message_photos({ tx, userId }: ScrubContext) {
    await tx.execute(sql`
      DELETE FROM message_photos WHERE message_id IN (
        SELECT id FROM messages WHERE sender_id = ${userId}
        UNION ALL SELECT id FROM held_messages WHERE sender_id = ${userId})
    `);
  },
};

/** Their listings become anonymous lineage nodes, without photos, offers or appeals' words. */
const scrubListings = {
  async starters({ tx, userId, now }: ScrubContext) {
    const ownStarters = await tx
      .select({ id: starters.id, location: starters.location })
      .from(starters)
      .where(eq(starters.userId, userId));
    for (const s of ownStarters) {
      const place = findPlace(s.location)?.name ?? 'an unknown place';
      await tx
        .update(starters)
        .set({
          title: `A kitchen in ${place}`.slice(0, STARTER_TITLE_MAX_LENGTH),
          description: 'This listing was taken down when its owner left CultureShare.',
          starterType: 'Starter',
          customDescription: null,
          careNotes: null,
          originStory: null,
          bring: null,
          imagePath: null,
          location: place.slice(0, 100),
          isActive: false,
          deletedAt: sql`coalesce(${starters.deletedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(starters.id, s.id));
    }
  },
  async reservations({ tx, userId, own }: ScrubContext) {
    await tx
      .update(reservations)
      .set({ reason: null })
      .where(or(eq(reservations.memberId, userId), inArray(reservations.starterId, own())));
  },
  async starter_removals({ tx, own }: ScrubContext) {
    await tx
      .update(starterRemovals)
      .set({ appealText: 'Removed when its owner left' })
      .where(
        and(
          inArray(starterRemovals.starterId, own()),
          sql`${starterRemovals.appealText} IS NOT NULL`,
        ),
      );
  },
  async photos({ tx, own }: ScrubContext) {
    await tx.delete(photos).where(inArray(photos.starterId, own()));
  },
  async standing_offers({ tx, own }: ScrubContext) {
    await tx.delete(standingOffers).where(inArray(standingOffers.starterId, own()));
  },
};

/** What others were sent about them: mail, bells and pushes that name, quote or link them. */
const scrubWhatOthersWereSent = {
  // Mails still waiting or kept after sending that carry the member's address, full name,
  // username or words, or are about their listings (and so name them); delivered ones may go
  // for their first or last name alone too.
  async mail_outbox({ tx, member, fullName, sentWords, about }: ScrubContext) {
    const always = usable([member.email, fullName, member.username, ...sentWords]);
    const finished = usable([member.firstName, member.lastName]);
    await tx.execute(sql`
      DELETE FROM mail_outbox m
      WHERE lower(m.to_address) = lower(${member.email})
        OR ${about(sql`m.text_body`)}
        OR EXISTS (SELECT 1 FROM unnest(${textArray(always)}) n
          WHERE strpos(lower(m.text_body), lower(n)) > 0 OR strpos(lower(m.subject), lower(n)) > 0)
        OR ((m.sent_at IS NOT NULL OR m.failed_at IS NOT NULL) AND EXISTS (
          SELECT 1 FROM unnest(${textArray(finished)}) n
          WHERE strpos(lower(m.text_body), lower(n)) > 0 OR strpos(lower(m.subject), lower(n)) > 0))
    `);
  },
  // Their bell goes with them; others' bells that name them, quote them or are about their
  // listings, as for mails above.
  async notifications(c: ScrubContext) {
    await c.tx.delete(notifications).where(eq(notifications.userId, c.userId));
    await c.tx.execute(sql`
      DELETE FROM notifications n WHERE ${c.about(sql`n.url`)}
        OR EXISTS (SELECT 1 FROM unnest(${textArray(namingWords(c))}) w
          WHERE strpos(lower(n.title), lower(w)) > 0 OR strpos(lower(n.body), lower(w)) > 0
            OR strpos(lower(coalesce(n.words::text, '')), lower(w)) > 0)
    `);
  },
  async push_outbox(c: ScrubContext) {
    await c.tx.execute(sql`
      DELETE FROM push_outbox p WHERE ${c.about(sql`p.payload`)}
        OR EXISTS (SELECT 1 FROM unnest(${textArray(namingWords(c))}) w
          WHERE strpos(lower(p.payload), lower(w)) > 0)
    `);
  },
  async message_mail_due({ tx, userId }: ScrubContext) {
    await tx
      .delete(messageMailDue)
      .where(or(eq(messageMailDue.senderId, userId), eq(messageMailDue.receiverId, userId)));
  },
  async reservation_mail_due({ tx, userId }: ScrubContext) {
    await tx
      .delete(reservationMailDue)
      .where(or(eq(reservationMailDue.ownerId, userId), eq(reservationMailDue.receiverId, userId)));
  },
};

/** A table whose rows name the member in `column`, all of which go. */
const deleteTheirs =
  (table: PgTable, column: PgColumn) =>
  async ({ tx, userId }: ScrubContext) => {
    await tx.delete(table).where(eq(column, userId));
  };

/** What they wrote about others and how they were signed in, watched and blocked. */
const scrubTheirOwn = {
  async reports({ tx, userId }: ScrubContext) {
    await tx.update(reports).set({ description: null }).where(eq(reports.reporterId, userId));
  },
  async feedback({ tx, userId }: ScrubContext) {
    await tx
      .update(feedback)
      .set({ note: null })
      .where(or(eq(feedback.fromId, userId), eq(feedback.toId, userId)));
  },
  sessions: deleteTheirs(sessions, sessions.userId),
  external_identities: deleteTheirs(externalIdentities, externalIdentities.userId),
  email_tokens: deleteTheirs(emailTokens, emailTokens.userId),
  account_codes: deleteTheirs(accountCodes, accountCodes.userId),
  passkeys: deleteTheirs(passkeys, passkeys.userId),
  webauthn_challenges: deleteTheirs(webauthnChallenges, webauthnChallenges.userId),
  data_exports: deleteTheirs(dataExports, dataExports.userId),
  // What they asked for and watched for and their devices go with them.
  asks: deleteTheirs(asks, asks.userId),
  alerts: deleteTheirs(alerts, alerts.userId),
  push_subscriptions: deleteTheirs(pushSubscriptions, pushSubscriptions.userId),
  standing_waitlist: deleteTheirs(standingWaitlist, standingWaitlist.memberId),
  culture_keepers: deleteTheirs(cultureKeepers, cultureKeepers.memberId),
  culture_deaths: deleteTheirs(cultureDeaths, cultureDeaths.memberId),
  meets: deleteTheirs(meets, meets.hostId),
  meet_attendees: deleteTheirs(meetAttendees, meetAttendees.memberId),
  async meet_listings({ tx, userId }: ScrubContext) {
    await tx
      .delete(meetListings)
      .where(
        inArray(
          meetListings.starterId,
          tx.select({ id: starters.id }).from(starters).where(eq(starters.userId, userId)),
        ),
      );
  },
  async keeper_asks({ tx, userId }: ScrubContext) {
    await tx
      .delete(keeperAsks)
      .where(or(eq(keeperAsks.keeperId, userId), eq(keeperAsks.askerId, userId)));
  },
  saved_starters: deleteTheirs(savedStarters, savedStarters.userId),
  hidden_starters: deleteTheirs(hiddenStarters, hiddenStarters.userId),
  stewards: deleteTheirs(stewards, stewards.userId),
  async blocks({ tx, userId }: ScrubContext) {
    await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  },
  // Throttle counters are keyed by the address they count (sign-in failures …).
  async rate_limits({ tx, userId, member }: ScrubContext) {
    await tx.execute(
      sql`DELETE FROM rate_limits WHERE strpos(lower(key), lower(${member.email})) > 0 OR strpos(key, ${userId}) > 0`,
    );
  },
};

/**
 * The account row stays as an anonymous id that others' hand-overs and ratings point at; the
 * columns it clears are those ACCOUNT_COLUMNS (db/member-data.ts) marks `clear`.
 */
async function scrubAccount({ tx, userId, member, now }: ScrubContext) {
  const place = member.location ? (findPlace(member.location)?.name ?? null) : null;
  await tx
    .update(users)
    .set({
      email: `left-${userId}@deleted.invalid`,
      passwordHash: null,
      firstName: null,
      lastName: null,
      username: null,
      usernameSkeleton: null,
      profileImageUrl: null,
      contactInfo: null,
      timeZone: null,
      localeRegion: null,
      location: place,
      latitude: place ? member.latitude : null,
      longitude: place ? member.longitude : null,
      emailVerifiedAt: null,
      isModerator: false,
      isActive: false,
      mailKey: crypto.randomBytes(16).toString('hex'),
      scrubbedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** One function for each table the scrub acts on, as member-data.ts declares them. */
const scrubbers = {
  users: scrubAccount,
  ...scrubMessages,
  ...scrubListings,
  ...scrubWhatOthersWereSent,
  ...scrubTheirOwn,
} satisfies Record<ScrubbedTable, (c: ScrubContext) => Promise<void>>;

/**
 * Removes everything personal of a member who left, keeping what others rely on as
 * anonymous numbers: hand-overs, feedback ratings and the lineage node ("A kitchen in
 * <place>"). Their messages read "Message removed" to the other side; their reports keep the
 * reason but lose the free text. Which tables, and what happens to each: db/member-data.ts.
 */
export async function scrubMember(tx: DbOrTx, userId: string): Promise<void> {
  const [member] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!member || member.scrubbedAt) return;
  // Read before anything changes: their words and listings find what others hold of them.
  const context = await scrubContext(tx, member, clock.now());
  for (const table of SCRUBBED_TABLES) await scrubbers[table](context);
}
