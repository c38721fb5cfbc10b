import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { livePublisher } from '../features/messages/live-events';
import { remindModeratorsOfWaiting } from '../features/moderation/waiting.service';
import { settleHeldDecisions } from '../features/screening/held.service';
import { createStarterRow, signedInMember, type TestApp } from './app';

/* What the tests of held items, stewards and the moderators' reminders share. */

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Place = Partial<typeof users.$inferInsert>;

/** A message the stricter set holds from a new member, for its phone number. */
export const TEXT_ME = 'Hi! Could you text me on 0412 345 678 when it is ready?';

/** A new listing's form fields that screening holds for selling. */
export const LISTING_FOR_SALE = {
  title: 'Kefir grains for sale',
  description: 'Healthy grains, price $20 each, pay by PayPal and I will post them.',
  category: 'dairy',
  subcategory: 'kefir',
  starterType: 'Kefir grains',
  location: 'Portland, Oregon',
};

export const LEEDS = {
  location: 'Leeds, England, United Kingdom',
  latitude: 53.7965,
  longitude: -1.5478,
};
export const LONDON = {
  location: 'London, England, United Kingdom',
  latitude: 51.5072,
  longitude: -0.1276,
};

/** Runs the job that lets decisions take effect once their minute to undo has passed. */
export const settleHeld = (t: TestApp) =>
  settleHeldDecisions({ db: t.db, config: t.config, live: livePublisher(t.database, console) });

/** Runs the moderators' (and stewards') reminder job once. */
export const remindOfWaiting = (t: TestApp) =>
  remindModeratorsOfWaiting({ db: t.db, config: t.config });

/** What `as` is told waits for them (the Held and Reports tabs' counts). */
export const waitingFor = async (t: TestApp, as: Member) =>
  (await t.call(as, 'GET', '/api/moderation/waiting')).json() as {
    held: { count: number; oldestAt: string | null };
    reports: { count: number; oldestAt: string | null };
  };

/** The items in `as`'s notification centre, newest first. */
export const bellOf = async (t: TestApp, as: Member) =>
  (await t.call(as, 'GET', '/api/notifications')).json().notifications as Array<{
    title: string;
    body: string;
    url: string;
    kind: string;
  }>;

/** The mails queued to `member`. */
export const mailTo = (t: TestApp, member: Member) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.user.email));

/**
 * A new member's first message, held for its phone number: the sender made with `sender`'s
 * fields (a place, an age), to the owner of a listing at `listingAt` (where its owner lives too).
 */
export async function heldMessage(
  t: TestApp,
  { sender: senderFields = {}, listingAt }: { sender?: Place; listingAt?: typeof LEEDS } = {},
) {
  const owner = await signedInMember(t.db, listingAt ?? {});
  const starter = await createStarterRow(t.db, owner.user.id, {
    title: 'Milk kefir grains',
    ...listingAt,
  });
  const sender = await signedInMember(t.db, senderFields);
  const res = await t.call(sender, 'POST', '/api/messages', {
    starterId: starter.id,
    receiverId: owner.user.id,
    content: TEXT_ME,
  });
  expect(res.statusCode).toBe(202);
  return { owner, starter, sender, id: res.json().id as number };
}
