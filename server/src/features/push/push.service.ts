import crypto from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  PUSH_KINDS,
  type PushKind,
  type PushPayload,
  type PushSettings,
} from '../../../../common/notifications/push';
import { mayAct } from '../../access/members';
import type { Config } from '../../config';
import { CHOICE_COLUMNS } from '../../db/choice-columns';
import type { DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { pushOutbox, pushSubscriptions, users } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { iso } from '../../db/rows';
import * as clock from '../../clock/clock';
import type { Language } from '../../../../common/i18n/languages';
import { translator } from '../../i18n/translate';
import { readerOf, type Reader } from '../../i18n/wording';
import { mailLanguage } from '../mail/templates';

type Member = typeof users.$inferSelect;

function pushSettingsOfMember(member: Member): PushSettings {
  const choices = Object.fromEntries(
    PUSH_KINDS.map((kind) => [kind, member[CHOICE_COLUMNS[kind].push]]),
  ) as Record<PushKind, boolean>;
  return { ...choices, hideMessageText: member.pushHidesMessageText };
}

/**
 * A push's content: fixed, or written for the receiver's language (their saved one, else
 * English, as their mail), which `pushToMember` knows from the member it reads anyway.
 */
/** A payload, or one written for each receiver (their language, their time zone for dates). */
export type PushContent = PushPayload | ((language: Language, reader: Reader) => PushPayload);

/**
 * May the server post to this endpoint: https (or the configured origin's own scheme) at one of
 * PUSH_SERVICE_ORIGINS, by default the browser vendors' push services. Anything else would let
 * a member make the server send requests wherever they liked.
 */
export function endpointAllowed(config: Config, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return config.push.serviceOrigins.some((origin) => {
    const wildcard = origin.includes('://*.');
    const allowed = new URL(origin.replace('://*.', '://wildcard.'));
    if (url.protocol !== allowed.protocol || url.port !== allowed.port) return false;
    if (!wildcard) return url.hostname === allowed.hostname;
    const suffix = allowed.hostname.slice('wildcard'.length);
    return url.hostname.endsWith(suffix) && url.hostname.length > suffix.length;
  });
}

/** POST /api/push/subscriptions: this device, for this member (a device moves to whoever signs in). */
export async function subscribe(
  db: DbOrTx,
  config: Config,
  actor: SessionUser,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<{ id: number }> {
  if (!endpointAllowed(config, input.endpoint)) {
    throw badRequest('This push service is not allowed', {
      endpoint: 'This push service is not allowed',
    });
  }
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId: actor.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: actor.id, p256dh: input.keys.p256dh, auth: input.keys.auth },
    })
    .returning({ id: pushSubscriptions.id });
  return { id: row!.id };
}

export async function listSubscriptions(db: DbOrTx, actor: SessionUser) {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.id))
    .orderBy(desc(pushSubscriptions.id));
  return rows.map((r) => ({ id: r.id, endpoint: r.endpoint, createdAt: iso(r.createdAt)! }));
}

export async function unsubscribe(db: DbOrTx, actor: SessionUser, id: number): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('Subscription not found');
}

export async function pushSettingsOf(db: DbOrTx, userId: string): Promise<PushSettings> {
  const [member] = await db.select().from(users).where(eq(users.id, userId));
  if (!member) throw notFound('Member not found');
  return pushSettingsOfMember(member);
}

/** PATCH /api/push/settings: the kinds named change, the others stay. */
export async function updatePushSettings(
  db: DbOrTx,
  actor: SessionUser,
  patch: Partial<PushSettings>,
): Promise<PushSettings> {
  const set: Partial<Member> = {};
  for (const kind of PUSH_KINDS) {
    if (patch[kind] !== undefined) Object.assign(set, { [CHOICE_COLUMNS[kind].push]: patch[kind] });
  }
  if (patch.hideMessageText !== undefined) set.pushHidesMessageText = patch.hideMessageText;
  if (Object.keys(set).length === 0) return pushSettingsOf(db, actor.id);
  const [member] = await db.update(users).set(set).where(eq(users.id, actor.id)).returning();
  return pushSettingsOfMember(member!);
}

/**
 * Should this member get a push of `kind`: the one place that decides, for every pusher. Yes
 * when their choice for the kind is on and they may act (not banned, suspended or leaving);
 * the answer says how message text shows. Whether a device gets it is its subscription.
 */
export async function pushRecipient(
  db: DbOrTx,
  userId: string,
  kind: PushKind,
): Promise<{ hideMessageText: boolean; language: Language; reader: Reader } | null> {
  const [member] = await db.select().from(users).where(eq(users.id, userId));
  if (!member || !mayAct(member) || !member[CHOICE_COLUMNS[kind].push]) return null;
  return {
    hideMessageText: member.pushHidesMessageText,
    language: mailLanguage(member),
    reader: readerOf(member),
  };
}

/** Web Push's Topic header is at most 32 base64url characters; a tag becomes its hash. */
const topicOf = (tag: string) =>
  crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * The one way news reaches a member's devices: queues `payload` for each of their subscriptions
 * when `pushRecipient` says yes. Bell items reach it through `notify`; messages, which have
 * their own unread count instead of the bell, call it directly. Pass the transaction of the change that
 * causes it; the scheduler's push job delivers, so the request never waits on a push service.
 */
/** `pushToMember` for many members: only those with a device are looked at further. */
export async function pushToMembers(
  db: DbOrTx,
  userIds: readonly string[],
  kind: PushKind,
  payload: PushContent,
): Promise<void> {
  if (userIds.length === 0) return;
  const withDevices = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  for (const { userId } of withDevices) await pushToMember(db, userId, kind, payload);
}

export async function pushToMember(
  db: DbOrTx,
  userId: string,
  kind: PushKind,
  content: PushContent,
): Promise<void> {
  const subscriptions = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (subscriptions.length === 0) return;
  const to = await pushRecipient(db, userId, kind);
  if (!to) return;
  const payload = typeof content === 'function' ? content(to.language, to.reader) : content;
  const shown =
    kind === 'messages' && to.hideMessageText
      ? { ...payload, body: translator(to.language)('mail:notifications.hiddenMessage') }
      : payload;
  const body = JSON.stringify(shown);
  const topic = topicOf(payload.tag);
  // As the Topic says at the push service: a newer push replaces one of the same topic that
  // has not gone out yet (never claimed by the delivery job), so a burst sends one.
  await db.delete(pushOutbox).where(
    and(
      inArray(
        pushOutbox.subscriptionId,
        subscriptions.map((s) => s.id),
      ),
      eq(pushOutbox.topic, topic),
      eq(pushOutbox.attempts, 0),
    ),
  );
  await db.insert(pushOutbox).values(
    subscriptions.map((s) => ({
      subscriptionId: s.id,
      payload: body,
      topic,
      // Due by the server's clock, which the delivery job reads (not the database's own).
      nextAttemptAt: clock.sqlNow(),
    })),
  );
  await wakeJob(db, 'push');
}
