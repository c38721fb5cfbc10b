import crypto from 'node:crypto';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notDeleted } from '../../../access/starter-access';
import * as clock from '../../../clock/clock';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { wakeJob } from '../../../jobs/wake';
import { isUniqueViolation } from '../../../db/errors';
import {
  JSON_TABLES,
  ZIP_TABLES,
  type JsonKeysOf,
  type JsonTable,
  type ZipTable,
} from '../../../db/member-data';
import { rowsOf } from '../../../db/rows';
import {
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
  savedStarters,
  checkins,
  dataExports,
  feedback,
  handovers,
  heldMessages,
  messages,
  notifications,
  passkeys,
  photos,
  pushSubscriptions,
  reports,
  reservations,
  sessions,
  standingOffers,
  standingWaitlist,
  starters,
  users,
} from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import type { SystemLine } from '../../../../../common/conversations/system-lines';
import { readerOf } from '../../../i18n/wording';
import { systemLineFor } from '../../messages/system-line-wording';
import { notificationWordsOf } from '../../notifications/notifications.service';
import { conflict, notFound, tooManyRequests } from '../../../errors';
import type { SessionUser } from '../../../plugins/sessions';
import { queueMailTo, siteUrl } from '../../mail/outbox';
import { ZipWriter } from './zip-writer';
import { DAY_MS } from '../../../../../common/site/time';

/** How long the mailed link works (once). */
export const EXPORT_LINK_DAYS = 7;
export const EXPORT_PENDING =
  'We are already preparing your data. The email with the download link is on its way.';
export const EXPORT_ONCE_A_DAY =
  'You can download your data once a day. Please try again tomorrow.';
/**
 * The most an export's zip may hold. The JSON always goes in; photos follow, oldest listing
 * first, while they fit, and the JSON names those left out.
 */
export const EXPORT_MAX_BYTES = 64 * 1024 * 1024;
export const EXPORT_LINK_DEAD =
  'This download link has expired or was already used. Ask for a new one on your profile.';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * "Download my data": one export at a time and one a day. A new request while one is being
 * built is 409; within a day of the last one, 429; later, it replaces the last one (its link
 * stops working). A refused request changes nothing.
 */
export async function requestExport(
  { db }: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ status: dataExports.status, createdAt: dataExports.createdAt })
        .from(dataExports)
        .where(eq(dataExports.userId, actor.id))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      if (last?.status === 'pending') throw conflict(EXPORT_PENDING);
      const wait = last ? last.createdAt.getTime() + DAY_MS - clock.nowMs() : 0;
      if (wait > 0) throw tooManyRequests(EXPORT_ONCE_A_DAY, wait / 1000);
      await tx
        .update(dataExports)
        .set({ status: 'expired', zip: null, tokenHash: null })
        .where(and(eq(dataExports.userId, actor.id), eq(dataExports.status, 'ready')));
      await tx.insert(dataExports).values({ userId: actor.id });
      await wakeJob(tx, 'data-exports');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EXPORT_PENDING);
    throw err;
  }
}

/**
 * The background job: builds each waiting export into a zip and mails its link; drops the zips
 * of links that expired unused.
 */
export async function buildDataExports(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  { maxBytes = EXPORT_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<number> {
  await db
    .update(dataExports)
    .set({ status: 'expired', zip: null, tokenHash: null })
    .where(
      and(eq(dataExports.status, 'ready'), sql`${dataExports.expiresAt} <= ${clock.sqlNow()}`),
    );
  const waiting = await db
    .select({ id: dataExports.id, userId: dataExports.userId })
    .from(dataExports)
    .where(eq(dataExports.status, 'pending'))
    .orderBy(asc(dataExports.createdAt))
    .limit(5);
  for (const job of waiting) {
    // Built outside the transaction: reading photos one by one and zipping them takes a while,
    // and nothing else should wait on it.
    const [member] = await db.select().from(users).where(eq(users.id, job.userId));
    if (!member) continue;
    const zip = await buildZip(db, member, maxBytes);
    await db.transaction(async (tx) => {
      const token = crypto.randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS);
      await tx
        .update(dataExports)
        .set({
          status: 'ready',
          // Sent as base64 text: the embedded database's own encoding of a large binary
          // parameter is many times slower than its decode().
          zip: sql`decode(${zip.toString('base64')}, 'base64')`,
          tokenHash: hashToken(token),
          readyAt: now,
          expiresAt,
        })
        .where(and(eq(dataExports.id, job.id), eq(dataExports.status, 'pending')));
      await queueExportMail(tx, config, member, token);
    });
  }
  return waiting.length;
}

/** The link's page asks before it downloads: a mail scanner opening the link spends nothing. */
export function exportPageUrl(config: Config, token: string): string {
  return `${siteUrl(config)}/data-export?token=${token}`;
}

async function queueExportMail(tx: DbOrTx, config: Config, member: SessionUser, token: string) {
  await queueMailTo(tx, config, member, (t) => ({
    subject: t('mail:export.subject'),
    paragraphs: [t('mail:export.ready'), t('mail:export.once', { days: EXPORT_LINK_DAYS })],
    action: { label: t('mail:export.action'), url: exportPageUrl(config, token) },
    footer: t('mail:footers.account'),
  }));
}

/**
 * Spends a download link: the zip, once, while the link is unexpired; the stored copy is
 * dropped as it is handed out. 404 for an unknown, used or expired link.
 */
export async function downloadExport(
  { db }: Pick<AppDeps, 'db'>,
  token: string,
): Promise<{ zip: Buffer; createdAt: Date }> {
  const rows = rowsOf<{ zip: Buffer | Uint8Array | null; ready_at: Date | string }>(
    await db.execute(sql`
      WITH hit AS (
        SELECT id, zip, ready_at FROM data_exports
        WHERE token_hash = ${hashToken(token)} AND status = 'ready'
          AND expires_at > ${clock.sqlNow()}
        FOR UPDATE
      )
      UPDATE data_exports d
      SET status = 'downloaded', downloaded_at = ${clock.sqlNow()}, zip = NULL, token_hash = NULL
      FROM hit WHERE d.id = hit.id
      RETURNING hit.zip, hit.ready_at
    `),
  );
  const row = rows[0];
  if (!row?.zip) throw notFound(EXPORT_LINK_DEAD);
  return { zip: Buffer.from(row.zip), createdAt: new Date(row.ready_at) };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What every table's reader needs. */
interface ExportContext {
  db: DbOrTx;
  member: SessionUser;
  id: string;
  reader: ReturnType<typeof readerOf>;
}

/** The account row's columns that ACCOUNT_COLUMNS (db/member-data.ts) marks `profile`. */
function profileOf(member: SessionUser) {
  return {
    id: member.id,
    email: member.email,
    username: member.username,
    firstName: member.firstName,
    lastName: member.lastName,
    location: member.location,
    contactInfo: member.contactInfo,
    profileImageUrl: member.profileImageUrl,
    emailConfirmedAt: iso(member.emailVerifiedAt),
    createdAt: iso(member.createdAt),
    mailSettings: {
      messages: member.messageMail,
      reservations: member.reservationMail,
      checkins: member.checkinMail,
      offers: member.offerMail,
      reminders: member.reminderMail,
    },
    pushSettings: {
      messages: member.messagePush,
      reservations: member.reservationPush,
      checkins: member.checkinPush,
      offers: member.offerPush,
      alerts: member.alertPush,
      hideMessageText: member.pushHidesMessageText,
    },
  };
}

async function readListings({ db, id }: ExportContext) {
  const listings = await db
    .select({
      id: starters.id,
      title: starters.title,
      description: starters.description,
      category: starters.category,
      subcategory: starters.subcategory,
      starterType: starters.starterType,
      customDescription: starters.customDescription,
      location: starters.location,
      form: starters.form,
      portions: starters.portions,
      portionsGiven: starters.portionsGiven,
      travel: starters.travel,
      postage: starters.postage,
      bring: starters.bring,
      careNotes: starters.careNotes,
      originStory: starters.originStory,
      bornYear: starters.bornYear,
      lastFedAt: starters.lastFedAt,
      isActive: starters.isActive,
      isClaimed: starters.isClaimed,
      availableUntil: starters.availableUntil,
      parentId: starters.parentId,
      createdAt: starters.createdAt,
      updatedAt: starters.updatedAt,
    })
    .from(starters)
    .where(and(eq(starters.userId, id), notDeleted()))
    .orderBy(asc(starters.id));
  return { listings };
}

/** Both sides of every conversation, system lines worded for the member (decision 124). */
async function readMessages({ db, id, reader }: ExportContext) {
  const other = alias(users, 'other');
  const rows = await db
    .select({
      id: messages.id,
      starterId: messages.starterId,
      starterTitle: starters.title,
      fromMe: sql<boolean>`${messages.senderId} = ${id}`,
      receiverId: messages.receiverId,
      otherUsername: other.username,
      otherFirstName: other.firstName,
      kind: messages.kind,
      content: messages.content,
      system: messages.system,
      isRead: messages.isRead,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(starters, eq(starters.id, messages.starterId))
    .innerJoin(
      other,
      eq(
        other.id,
        sql`CASE WHEN ${messages.senderId} = ${id} THEN ${messages.receiverId} ELSE ${messages.senderId} END`,
      ),
    )
    .where(or(eq(messages.senderId, id), eq(messages.receiverId, id)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return {
    messages: rows.map((m) => ({
      id: m.id,
      starterId: m.starterId,
      starter: m.starterTitle,
      direction: m.fromMe ? 'sent' : 'received',
      with: m.otherFirstName?.trim() || m.otherUsername || 'a member',
      kind: m.kind,
      content: systemLineFor(
        {
          ...m,
          kind: m.kind === 'system' ? 'system' : 'text',
          system: m.system as SystemLine | null,
        },
        { ...reader, id },
        m.otherFirstName?.trim() || m.otherUsername,
      ),
      ...(m.system ? { system: m.system } : {}),
      read: m.isRead,
      createdAt: iso(m.createdAt),
    })),
  };
}

/** Hand-overs, their check-ins and feedback: given and received. */
const readHandovers = {
  async handovers({ db, id }: ExportContext) {
    const rows = await db
      .select()
      .from(handovers)
      .where(or(eq(handovers.giverId, id), eq(handovers.recipientId, id)))
      .orderBy(asc(handovers.id));
    return {
      handovers: rows.map((h) => ({
        id: h.id,
        starterId: h.starterId,
        role: h.giverId === id ? 'gave' : 'received',
        status: h.status,
        at: h.at,
        createdAt: iso(h.createdAt),
        confirmedAt: iso(h.confirmedAt),
        healthCheck: {
          noMould: h.healthNoMould,
          noPinkFilm: h.healthNoPinkFilm,
          smellsRight: h.healthSmellsRight,
        },
      })),
    };
  },
  async feedback({ db, id }: ExportContext) {
    const rows = await db
      .select({
        handoverId: feedback.handoverId,
        given: sql<boolean>`${feedback.fromId} = ${id}`,
        rating: feedback.rating,
        reason: feedback.reason,
        note: feedback.note,
        createdAt: feedback.createdAt,
      })
      .from(feedback)
      .where(or(eq(feedback.fromId, id), eq(feedback.toId, id)))
      .orderBy(asc(feedback.id));
    return {
      feedbackGiven: rows.filter((f) => f.given).map(({ given: _g, ...f }) => f),
      feedbackReceived: rows.filter((f) => !f.given).map(({ given: _g, ...f }) => f),
    };
  },
  // The check-ins of hand-overs they received: the recipient answers them.
  async checkins({ db, id }: ExportContext) {
    const rows = await db
      .select({
        handoverId: checkins.handoverId,
        day: checkins.day,
        dueAt: checkins.dueAt,
        answer: checkins.answer,
        answeredAt: checkins.answeredAt,
      })
      .from(checkins)
      .innerJoin(handovers, eq(handovers.id, checkins.handoverId))
      .where(eq(handovers.recipientId, id))
      .orderBy(asc(checkins.id));
    return { checkins: rows };
  },
  async reservations({ db, id }: ExportContext) {
    const rows = await db
      .select({
        id: reservations.id,
        starterId: reservations.starterId,
        at: reservations.at,
        status: reservations.status,
        reason: reservations.reason,
        createdAt: reservations.createdAt,
        endedAt: reservations.endedAt,
      })
      .from(reservations)
      .where(eq(reservations.memberId, id))
      .orderBy(asc(reservations.id));
    return { reservations: rows };
  },
};

/** Standing offers on their listings and the lines they wait in. */
const readStandingOffers = {
  async standing_offers({ db, id }: ExportContext) {
    const rows = await db
      .select({
        starterId: standingOffers.starterId,
        batchSize: standingOffers.batchSize,
        cadenceDays: standingOffers.cadenceDays,
        answerHours: standingOffers.answerHours,
        limitWeeks: standingOffers.limitWeeks,
        mode: standingOffers.mode,
        pausedAt: standingOffers.pausedAt,
        createdAt: standingOffers.createdAt,
      })
      .from(standingOffers)
      .innerJoin(starters, eq(starters.id, standingOffers.starterId))
      .where(eq(starters.userId, id));
    return { standingOffers: rows };
  },
  async standing_waitlist({ db, id }: ExportContext) {
    const rows = await db
      .select({ starterId: standingWaitlist.starterId, joinedAt: standingWaitlist.joinedAt })
      .from(standingWaitlist)
      .where(eq(standingWaitlist.memberId, id));
    return { waitlists: rows };
  },
};

/** How they sign in, whom they block, and what they reported. */
const readAccount = {
  async reports({ db, id }: ExportContext) {
    const rows = await db
      .select({
        starterId: reports.starterId,
        reason: reports.reason,
        description: reports.description,
        status: reports.status,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, id))
      .orderBy(asc(reports.id));
    return { reportsMade: rows };
  },
  async sessions({ db, id }: ExportContext) {
    const rows = await db
      .select({ createdAt: sessions.createdAt, expire: sessions.expire })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(asc(sessions.createdAt));
    return { sessions: rows };
  },
  async culture_keepers({ db, id }: ExportContext) {
    const rows = await db
      .select({ starterId: cultureKeepers.starterId, createdAt: cultureKeepers.createdAt })
      .from(cultureKeepers)
      .where(eq(cultureKeepers.memberId, id));
    return { backupKeeping: rows };
  },
  async culture_deaths({ db, id }: ExportContext) {
    const rows = await db
      .select({
        starterId: cultureDeaths.starterId,
        reason: cultureDeaths.reason,
        createdAt: cultureDeaths.createdAt,
      })
      .from(cultureDeaths)
      .where(eq(cultureDeaths.memberId, id))
      .orderBy(asc(cultureDeaths.id));
    return { culturesDied: rows };
  },
  async keeper_asks({ db, id }: ExportContext) {
    const rows = await db
      .select({
        asked: sql<boolean>`${keeperAsks.askerId} = ${id}`,
        starterId: keeperAsks.starterId,
        createdAt: keeperAsks.createdAt,
        declinedAt: keeperAsks.declinedAt,
      })
      .from(keeperAsks)
      .where(or(eq(keeperAsks.askerId, id), eq(keeperAsks.keeperId, id)))
      .orderBy(asc(keeperAsks.id));
    return { keeperAsks: rows };
  },
  async blocks({ db, id }: ExportContext) {
    const rows = await db
      .select({ username: users.username, createdAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, id));
    return { blockedMembers: rows };
  },
  async saved_starters({ db, id }: ExportContext) {
    const rows = await db
      .select({ listing: savedStarters.starterId, savedAt: savedStarters.createdAt })
      .from(savedStarters)
      .where(eq(savedStarters.userId, id))
      .orderBy(asc(savedStarters.createdAt));
    return { savedListings: rows };
  },
  async hidden_starters({ db, id }: ExportContext) {
    const rows = await db
      .select({ listing: hiddenStarters.starterId, hiddenAt: hiddenStarters.createdAt })
      .from(hiddenStarters)
      .where(eq(hiddenStarters.userId, id))
      .orderBy(asc(hiddenStarters.createdAt));
    return { hiddenListings: rows };
  },
  async passkeys({ db, id }: ExportContext) {
    const rows = await db
      .select({
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      })
      .from(passkeys)
      .where(eq(passkeys.userId, id));
    return { passkeys: rows };
  },
  async push_subscriptions({ db, id }: ExportContext) {
    const rows = await db
      .select({ createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, id))
      .orderBy(asc(pushSubscriptions.id));
    return { pushDevices: rows };
  },
};

/** What they look for and watch for, what a moderator holds, and their bell. */
const readAsksAndBell = {
  async asks({ db, id }: ExportContext) {
    const rows = await db
      .select({
        category: asks.category,
        subcategory: asks.subcategory,
        search: asks.search,
        location: asks.location,
        note: asks.note,
        radiusKm: asks.radiusKm,
        createdAt: asks.createdAt,
        expiresAt: asks.expiresAt,
        closedAt: asks.closedAt,
      })
      .from(asks)
      .where(eq(asks.userId, id))
      .orderBy(asc(asks.id));
    return { asks: rows };
  },
  async alerts({ db, id }: ExportContext) {
    const rows = await db
      .select({
        search: alerts.search,
        category: alerts.category,
        subcategory: alerts.subcategory,
        place: alerts.place,
        radiusKm: alerts.radiusKm,
        frequency: alerts.frequency,
        createdAt: alerts.createdAt,
      })
      .from(alerts)
      .where(eq(alerts.userId, id))
      .orderBy(asc(alerts.id));
    return { alerts: rows };
  },
  /** Messages a moderator held and has not released (released ones are under messages). */
  async held_messages({ db, id }: ExportContext) {
    const rows = await db
      .select({
        starterId: heldMessages.starterId,
        content: heldMessages.content,
        status: heldMessages.status,
        createdAt: heldMessages.createdAt,
        decidedAt: heldMessages.decidedAt,
      })
      .from(heldMessages)
      .where(and(eq(heldMessages.senderId, id), sql`${heldMessages.status} <> 'released'`))
      .orderBy(asc(heldMessages.id));
    return { heldMessages: rows };
  },
  // What the site wrote to the member, in their language (decision 124).
  async notifications({ db, id, reader }: ExportContext) {
    const rows = await db
      .select({
        kind: notifications.kind,
        words: notifications.words,
        title: notifications.title,
        body: notifications.body,
        url: notifications.url,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, id))
      .orderBy(asc(notifications.id));
    return {
      notifications: rows.map(({ words, title, body, ...row }) => ({
        kind: row.kind,
        ...notificationWordsOf({ words, title, body }, reader),
        url: row.url,
        createdAt: row.createdAt,
        readAt: row.readAt,
      })),
    };
  },
};

/** Swap meets they organised, what they said they would bring, and the meets they came to. */
const readMeets = {
  async meets({ db, id }: ExportContext) {
    const rows = await db
      .select({
        id: meets.id,
        title: meets.title,
        description: meets.description,
        place: meets.location,
        startsAt: meets.startsAt,
        endsAt: meets.endsAt,
        createdAt: meets.createdAt,
      })
      .from(meets)
      .where(eq(meets.hostId, id))
      .orderBy(asc(meets.id));
    return { meetsHosted: rows };
  },
  async meet_listings({ db, id }: ExportContext) {
    const rows = await db
      .select({
        meetId: meetListings.meetId,
        starterId: meetListings.starterId,
        portions: meetListings.portions,
        createdAt: meetListings.createdAt,
      })
      .from(meetListings)
      .innerJoin(starters, eq(starters.id, meetListings.starterId))
      .where(eq(starters.userId, id));
    return { meetListings: rows };
  },
  async meet_attendees({ db, id }: ExportContext) {
    const rows = await db
      .select({ meetId: meetAttendees.meetId, createdAt: meetAttendees.createdAt })
      .from(meetAttendees)
      .where(eq(meetAttendees.memberId, id));
    return { meetsComing: rows };
  },
};

/**
 * One reader for each table the JSON holds, as member-data.ts declares them, returning the
 * JSON keys declared for it.
 */
const jsonReaders = {
  users: async ({ member }: ExportContext) => ({ profile: profileOf(member) }),
  starters: readListings,
  messages: readMessages,
  ...readHandovers,
  ...readStandingOffers,
  ...readAccount,
  ...readAsksAndBell,
  ...readMeets,
} satisfies {
  [T in JsonTable]: (c: ExportContext) => Promise<Record<JsonKeysOf<T>, unknown>>;
};

/**
 * Everything the member gave the site or others gave about them, as one readable file: each
 * table's keys in the order db/member-data.ts lists the tables.
 */
export async function collectMemberData(db: DbOrTx, member: SessionUser) {
  const context: ExportContext = { db, member, id: member.id, reader: readerOf(member) };
  const sections: Record<string, unknown> = {};
  for (const table of JSON_TABLES) Object.assign(sections, await jsonReaders[table](context));
  return { exportedAt: clock.now().toISOString(), ...sections };
}

/** One photo's bytes, read as base64 text (see the zip's write in buildDataExports). */
async function readPhoto(db: DbOrTx, query: SQL): Promise<Buffer | undefined> {
  const [row] = rowsOf<{ b: string }>(await db.execute(query));
  return row ? Buffer.from(row.b, 'base64') : undefined;
}

/** A photo to put in the zip, read only when it fits. */
interface ZipPhoto {
  name: string;
  bytes: number;
  read: () => Promise<Buffer | undefined>;
}

/** One reader for each table whose photos go in the zip, as member-data.ts declares them. */
const zipReaders = {
  async photos(db: DbOrTx, member: SessionUser): Promise<ZipPhoto[]> {
    const rows = await db
      .select({
        id: photos.id,
        starterId: photos.starterId,
        position: photos.position,
        bytes: sql<number>`octet_length(${photos.full})::int`,
      })
      .from(photos)
      .innerJoin(starters, eq(starters.id, photos.starterId))
      .where(and(eq(starters.userId, member.id), notDeleted()))
      .orderBy(asc(photos.starterId), asc(photos.position));
    return rows.map((p) => ({
      name: `photos/listing-${p.starterId}-${p.position + 1}.webp`,
      bytes: Number(p.bytes),
      read: () =>
        readPhoto(db, sql`SELECT encode("full", 'base64') AS b FROM photos WHERE id = ${p.id}`),
    }));
  },
  // Photos they sent, delivered or still held.
  async message_photos(db: DbOrTx, member: SessionUser): Promise<ZipPhoto[]> {
    const rows = rowsOf<{ id: number; message_id: number; position: number; bytes: number }>(
      await db.execute(sql`
        SELECT id, message_id, position, octet_length("full")::int AS bytes FROM message_photos
        WHERE message_id IN (
          SELECT id FROM messages WHERE sender_id = ${member.id}
          UNION ALL SELECT id FROM held_messages WHERE sender_id = ${member.id})
        ORDER BY message_id, position
      `),
    );
    return rows.map((p) => ({
      name: `photos/message-${p.message_id}-${p.position + 1}.webp`,
      bytes: Number(p.bytes),
      read: () =>
        readPhoto(
          db,
          sql`SELECT encode("full", 'base64') AS b FROM message_photos WHERE id = ${p.id}`,
        ),
    }));
  },
} satisfies Record<ZipTable, (db: DbOrTx, member: SessionUser) => Promise<ZipPhoto[]>>;

/**
 * The zip: the readable JSON, then the member's photos (listings', then messages') while the
 * whole stays under `maxBytes`. Photos are read one at a time and stored as they are (WebP is
 * already compressed); the event loop turns between every piece (zip-writer.ts).
 */
async function buildZip(db: DbOrTx, member: SessionUser, maxBytes: number): Promise<Buffer> {
  const data = await collectMemberData(db, member);
  const wanted: ZipPhoto[] = [];
  for (const table of ZIP_TABLES) wanted.push(...(await zipReaders[table](db, member)));
  // What each entry adds besides its bytes (headers, its name twice), and the closing record.
  const overhead = (name: string) => 76 + 2 * Buffer.byteLength(name);
  const json = Buffer.from(JSON.stringify(data, null, 2));
  // The JSON counts at its full size (it shrinks when deflated), with room for the note.
  let room = maxBytes - 22 - overhead('cultureshare-data.json') - json.length - 1024;
  const included: ZipPhoto[] = [];
  const leftOut: string[] = [];
  for (const photo of wanted) {
    const needs = photo.bytes + overhead(photo.name);
    if (needs <= room) {
      included.push(photo);
      room -= needs;
    } else {
      leftOut.push(photo.name);
      room -= Buffer.byteLength(photo.name) + 8; // its line in the JSON's note
    }
  }

  const zip = new ZipWriter(clock.now());
  const withNote = leftOut.length
    ? Buffer.from(
        JSON.stringify(
          {
            ...data,
            photosLeftOut: {
              note: `These photos did not fit in one download of ${Math.floor(maxBytes / 1024 / 1024)} MB; they are still on your listings and messages.`,
              photos: leftOut,
            },
          },
          null,
          2,
        ),
      )
    : json;
  await zip.add('cultureshare-data.json', withNote, { compress: true });
  for (const photo of included) {
    const bytes = await photo.read();
    if (bytes) await zip.add(photo.name, new Uint8Array(bytes), { compress: false });
  }
  return zip.finish();
}
