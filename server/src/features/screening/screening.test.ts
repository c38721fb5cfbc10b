import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as clock from '../../clock/clock';
import {
  feedback,
  handovers,
  heldMessages,
  messageMailDue,
  messages,
  moderationActions,
  reservations,
  sanctions,
  starters,
  users,
} from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { LISTING_FOR_SALE } from '../../test/held';
import { multipart } from '../../test/multipart';
import { FIRST_MESSAGES_STRICT } from './screening.service';
import { HELD_LISTING_CLOSED, HELD_NOW_BLOCKED, settleHeldDecisions } from './held.service';
import { HELD_UNDO_MS } from '../../../../common/moderation/screening';
import { HOUR_MS } from '../../../../common/site/time';
import { livePublisher } from '../messages/live-events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.resetClock();
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;
const DAY_MS = 24 * 60 * 60 * 1000;

const SCAM = 'Hello, I will pay $50 via PayPal and my courier will collect it. Send your address.';
const PHONE = "Text me on 0412 345 678 when you're outside and I'll come down.";

/** A member of a week who has already written FIRST_MESSAGES_STRICT messages elsewhere. */
async function establishedMember(): Promise<Member> {
  const member = await signedInMember(t.db, { createdAt: new Date(clock.nowMs() - 7 * DAY_MS) });
  const other = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, other.user.id);
  for (let i = 0; i < FIRST_MESSAGES_STRICT; i++) {
    await t.db.insert(messages).values({
      starterId: starter.id,
      senderId: member.user.id,
      receiverId: other.user.id,
      content: `Earlier message ${i}`,
    });
  }
  return member;
}

async function ownerWithStarter() {
  const owner = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id);
  return { owner, starter };
}

/** Decisions take effect once their minute to undo has passed. */
async function settleAfterTheMinute() {
  clock.advanceClock(HELD_UNDO_MS);
  await settleHeldDecisions({
    db: t.db,
    config: t.config,
    live: livePublisher(t.database, console),
  });
}

const send = (from: Member, starterId: number, receiverId: string, content: string) =>
  t.call(from, 'POST', '/api/messages', { starterId, receiverId, content });
const thread = (as: Member, starterId: number, withId: string) =>
  t.call(as, 'GET', `/api/messages/starter/${starterId}?with=${withId}`);
const unread = async (as: Member) =>
  (await t.call(as, 'GET', '/api/messages/unread-count')).json().count as number;

describe('held messages', () => {
  it('holds a scam from a new member: 202 held, the receiver sees nothing, nothing is mailed', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const res = await send(asker, starter.id, owner.user.id, SCAM);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ id: expect.any(Number), status: 'held' });
    const id = res.json().id as number;

    expect((await thread(owner, starter.id, asker.user.id)).json()).toEqual([]);
    expect(await unread(owner)).toBe(0);
    expect((await t.call(owner, 'GET', '/api/conversations')).json()).toEqual([]);
    const due = await t.db
      .select()
      .from(messageMailDue)
      .where(eq(messageMailDue.receiverId, owner.user.id));
    expect(due).toEqual([]);

    const mine = (await thread(asker, starter.id, owner.user.id)).json();
    expect(mine).toEqual([expect.objectContaining({ id, status: 'held', content: SCAM })]);
  });

  it('lists it for moderators with the rules, the conversation and the sender, and releases it', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await establishedMember();
    expect(
      (await send(asker, starter.id, owner.user.id, 'Hi! Is it still there?')).statusCode,
    ).toBe(201);
    const held = await send(asker, starter.id, owner.user.id, SCAM);
    expect(held.statusCode).toBe(202);
    const id = held.json().id as number;

    const moderator = await signedInMember(t.db, { isModerator: true });
    expect((await t.call(asker, 'GET', '/api/moderation/held')).statusCode).toBe(403);
    const list = (await t.call(moderator, 'GET', '/api/moderation/held')).json();
    const item = list.find((h: { id: number }) => h.id === id);
    expect(item).toMatchObject({
      kind: 'message',
      content: SCAM,
      codes: expect.arrayContaining(['money', 'delivery']),
      strict: false,
      starter: { id: starter.id },
      sender: { id: asker.user.id, messagesSent: FIRST_MESSAGES_STRICT + 1, heldBefore: 0 },
      receiver: { id: owner.user.id },
      context: [expect.objectContaining({ content: 'Hi! Is it still there?' })],
    });

    const released = await t.call(moderator, 'POST', `/api/moderation/held/${id}`, {
      decision: 'release',
    });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ id, status: 'released', undoUntil: expect.any(String) });
    // It takes effect once the minute to undo it has passed.
    expect((await thread(owner, starter.id, asker.user.id)).json()).toHaveLength(1);
    await settleAfterTheMinute();

    const theirs = (await thread(owner, starter.id, asker.user.id)).json();
    expect(theirs.map((m: { id: number }) => m.id)).toContain(id);
    expect(await unread(owner)).toBe(2);
    const due = await t.db
      .select()
      .from(messageMailDue)
      .where(eq(messageMailDue.receiverId, owner.user.id));
    expect(due).toHaveLength(1);
    const mine = (await thread(asker, starter.id, owner.user.id)).json();
    expect(mine.find((m: { id: number }) => m.id === id)).toMatchObject({ status: 'sent' });

    const again = await t.call(moderator, 'POST', `/api/moderation/held/${id}`, {
      decision: 'reject',
    });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.db
      .select()
      .from(moderationActions)
      .where(
        and(
          eq(moderationActions.action, 'release_message'),
          eq(moderationActions.targetUserId, asker.user.id),
        ),
      );
    expect(audit).toBeDefined();
  });

  it.each([
    ['the owner blocked the sender', 'block'],
    ['the owner deleted the listing', 'delete'],
  ] as const)(
    'does not deliver on release when, while it was held, %s: 409, it stays held',
    async (_case, change) => {
      const { owner, starter } = await ownerWithStarter();
      const asker = await signedInMember(t.db);
      const id = (await send(asker, starter.id, owner.user.id, SCAM)).json().id as number;
      const moderator = await signedInMember(t.db, { isModerator: true });
      const changed =
        change === 'block'
          ? await t.call(owner, 'PUT', `/api/blocks/${asker.user.id}`)
          : await t.call(owner, 'DELETE', `/api/starters/${starter.id}`);
      expect(changed.statusCode).toBe(204);

      const res = await t.call(moderator, 'POST', `/api/moderation/held/${id}`, {
        decision: 'release',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(change === 'block' ? HELD_NOW_BLOCKED : HELD_LISTING_CLOSED);
      const [row] = await t.db.select().from(heldMessages).where(eq(heldMessages.id, id));
      expect(row).toMatchObject({ status: 'held', decidedBy: null });
      expect(await t.db.select().from(messages).where(eq(messages.id, id))).toEqual([]);
      const due = await t.db
        .select()
        .from(messageMailDue)
        .where(eq(messageMailDue.receiverId, owner.user.id));
      expect(due).toEqual([]);
      // The moderator clears it by rejecting.
      const rejected = await t.call(moderator, 'POST', `/api/moderation/held/${id}`, {
        decision: 'reject',
      });
      expect(rejected.json()).toMatchObject({ id, status: 'rejected' });
    },
  );

  it('rejects one and suspends the sender through the sanctions', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const id = (await send(asker, starter.id, owner.user.id, SCAM)).json().id as number;
    const moderator = await signedInMember(t.db, { isModerator: true });

    const bad = await t.call(moderator, 'POST', `/api/moderation/held/${id}`, {
      decision: 'release',
      suspendDays: 3,
    });
    expect(bad.statusCode).toBe(400);

    const res = await t.call(moderator, 'POST', `/api/moderation/held/${id}`, {
      decision: 'reject',
      suspendDays: 7,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'rejected' });
    await settleAfterTheMinute();

    expect((await thread(owner, starter.id, asker.user.id)).json()).toEqual([]);
    const [row] = await t.db.select().from(heldMessages).where(eq(heldMessages.id, id));
    expect(row).toMatchObject({ status: 'rejected', decidedBy: moderator.user.id });
    const given = await t.db.select().from(sanctions).where(eq(sanctions.userId, asker.user.id));
    expect(given).toEqual([expect.objectContaining({ kind: 'suspension' })]);
    const [member] = await t.db.select().from(users).where(eq(users.id, asker.user.id));
    expect(member!.suspendedUntil).not.toBeNull();
    const actions = await t.db
      .select({ action: moderationActions.action })
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, asker.user.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['reject_message', 'suspend']);
    // Their session ended with the suspension.
    expect((await thread(asker, starter.id, owner.user.id)).statusCode).toBe(401);
  });
});

describe('warnings', () => {
  it('delivers a warned message with its codes for the receiver only', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await establishedMember();
    const res = await send(asker, starter.id, owner.user.id, PHONE);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent' });
    expect(res.json().warnings).toBeUndefined();

    const theirs = (await thread(owner, starter.id, asker.user.id)).json();
    expect(theirs).toEqual([
      expect.objectContaining({ content: PHONE, warnings: ['contact', 'off_site'] }),
    ]);
    const mine = (await thread(asker, starter.id, owner.user.id)).json();
    expect(mine[0].warnings).toBeUndefined();
  });

  it('lets gift-economy phrases through untouched, even for a first message', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const res = await send(
      asker,
      starter.id,
      owner.user.id,
      "I'll bring a jar, or I can send a stamped envelope. Happy to cover the stamp, no money needed!",
    );
    expect(res.statusCode).toBe(201);
    const theirs = (await thread(owner, starter.id, asker.user.id)).json();
    expect(theirs[0].warnings).toBeUndefined();
  });
});

describe('first messages meet the stricter set', () => {
  it('holds from a day-old account what warns from an established one', async () => {
    const { owner, starter } = await ownerWithStarter();
    const newcomer = await signedInMember(t.db);
    expect((await send(newcomer, starter.id, owner.user.id, PHONE)).statusCode).toBe(202);
    const established = await establishedMember();
    expect((await send(established, starter.id, owner.user.id, PHONE)).statusCode).toBe(201);
  });

  it('holds an old account’s first messages, then warns once it has written a few', async () => {
    const { owner, starter } = await ownerWithStarter();
    const quiet = await signedInMember(t.db, { createdAt: new Date(clock.nowMs() - 30 * DAY_MS) });
    expect((await send(quiet, starter.id, owner.user.id, PHONE)).statusCode).toBe(202);
    for (let i = 0; i < FIRST_MESSAGES_STRICT; i++) {
      expect((await send(quiet, starter.id, owner.user.id, `Thanks again ${i}`)).statusCode).toBe(
        201,
      );
    }
    expect((await send(quiet, starter.id, owner.user.id, PHONE)).statusCode).toBe(201);
  });
});

describe('new listings', () => {
  const fields = LISTING_FOR_SALE;
  const post = (who: Member, body: Record<string, string>) => {
    const form = multipart(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/starters',
      headers: { ...form.headers, cookie: who.cookie },
      payload: form.payload,
    });
  };

  it('are held unseen until a moderator releases them', async () => {
    const owner = await signedInMember(t.db);
    const res = await post(owner, fields);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const [row] = await t.db.select().from(starters).where(eq(starters.id, id));
    expect(row!.heldAt).not.toBeNull();
    expect(row!.heldCodes).toContain('money');

    const stranger = await signedInMember(t.db);
    expect((await t.call(stranger, 'GET', `/api/starters/${id}`)).statusCode).toBe(404);
    const own = await t.call(owner, 'GET', `/api/starters/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ heldForReview: true });
    expect((await t.call(stranger, 'GET', '/api/starters?limit=50')).body).not.toContain(
      fields.title,
    );

    const moderator = await signedInMember(t.db, { isModerator: true });
    const list = (await t.call(moderator, 'GET', '/api/moderation/held-starters')).json();
    expect(list).toContainEqual(expect.objectContaining({ id, kind: 'starter' }));
    const released = await t.call(moderator, 'POST', `/api/moderation/held-starters/${id}`, {
      decision: 'release',
    });
    expect(released.statusCode).toBe(200);
    // It takes effect once its minute to undo has passed.
    expect((await t.call(stranger, 'GET', `/api/starters/${id}`)).statusCode).toBe(404);
    clock.advanceClock(HELD_UNDO_MS);
    await settleHeldDecisions({
      db: t.db,
      config: t.config,
      live: livePublisher(t.database, console),
    });
    const shown = await t.call(stranger, 'GET', `/api/starters/${id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().heldForReview).toBeUndefined();
  });

  it('hold an edit whose new words would hold a new listing; other edits pass', async () => {
    const owner = await signedInMember(t.db);
    const created = await post(owner, {
      ...fields,
      title: 'Lively kefir grains',
      description: 'Healthy grains fed daily with whole milk. Bring a jar.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const heldAt = async () =>
      (await t.db.select().from(starters).where(eq(starters.id, id)))[0]!.heldAt;

    const portions = await t.call(owner, 'PATCH', `/api/starters/${id}`, { portions: 3 });
    expect(portions.statusCode, portions.body).toBe(200);
    expect(await heldAt()).toBeNull();

    const edited = await t.call(owner, 'PATCH', `/api/starters/${id}`, {
      description: fields.description,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ heldForReview: true });
    expect(await heldAt()).not.toBeNull();
    const stranger = await signedInMember(t.db);
    expect((await t.call(stranger, 'GET', `/api/starters/${id}`)).statusCode).toBe(404);
  });

  it('screen a free starter type and an origin story as the rest of the listing', async () => {
    const owner = await signedInMember(t.db);
    const heldAt = async (id: number) =>
      (await t.db.select().from(starters).where(eq(starters.id, id)))[0]!.heldAt;
    const other = await post(owner, {
      ...fields,
      title: 'Lively kefir grains',
      description: 'Healthy grains fed daily with whole milk. Bring a jar.',
      subcategory: 'other',
      starterType: 'Grains, call O77OO 9OO123',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(await heldAt(other.json().id as number)).not.toBeNull();

    const plain = await post(owner, {
      ...fields,
      title: 'Lively kefir grains',
      description: 'Healthy grains fed daily with whole milk. Bring a jar.',
    });
    const id = plain.json().id as number;
    expect(await heldAt(id)).toBeNull();
    const story = await t.call(owner, 'PUT', `/api/starters/${id}/origin`, {
      originStory: 'From my gran. Order more at kefir-shop.\u0441om',
    });
    expect(story.statusCode, story.body).toBe(200);
    expect(story.json()).toMatchObject({ heldForReview: true });
    expect(await heldAt(id)).not.toBeNull();
    const stranger = await signedInMember(t.db);
    expect((await t.call(stranger, 'GET', `/api/starters/${id}`)).statusCode).toBe(404);
  });

  it('are removed when a moderator rejects them', async () => {
    const owner = await signedInMember(t.db);
    const id = (await post(owner, fields)).json().id as number;
    const moderator = await signedInMember(t.db, { isModerator: true });
    const res = await t.call(moderator, 'POST', `/api/moderation/held-starters/${id}`, {
      decision: 'reject',
    });
    expect(res.statusCode).toBe(200);
    clock.advanceClock(HELD_UNDO_MS);
    await settleHeldDecisions({
      db: t.db,
      config: t.config,
      live: livePublisher(t.database, console),
    });
    const [row] = await t.db.select().from(starters).where(eq(starters.id, id));
    expect(row).toMatchObject({ heldAt: null, isActive: false });
    expect(row!.removedAt).not.toBeNull();
  });

  it('lets an ordinary listing straight through', async () => {
    const owner = await signedInMember(t.db);
    const res = await post(owner, {
      ...fields,
      title: 'Lively kefir grains',
      description: 'Healthy grains fed daily with whole milk. Bring a jar, no money needed.',
    });
    const [row] = await t.db
      .select()
      .from(starters)
      .where(eq(starters.id, res.json().id as number));
    expect(row!.heldAt).toBeNull();
  });
});

describe('rules moderators change', () => {
  it('are read with the corpus figures and changed with an audit entry', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    expect((await t.call(member, 'GET', '/api/moderation/screening')).statusCode).toBe(403);

    const before = (await t.call(moderator, 'GET', '/api/moderation/screening')).json();
    expect(before.rules.map((r: { code: string }) => r.code)).toEqual([
      'money',
      'delivery',
      'link',
      'contact',
      'off_site',
      'health',
    ]);
    expect(before.figures.scams).toBeGreaterThanOrEqual(50);

    // Phone numbers now hold for everyone.
    const changed = await t.call(moderator, 'PUT', '/api/moderation/screening/rules/contact', {
      action: 'hold',
      strictAction: 'hold',
      exception: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().rules.find((r: { code: string }) => r.code === 'contact')).toMatchObject({
      action: 'hold',
      id: expect.any(Number),
    });
    const { owner, starter } = await ownerWithStarter();
    const asker = await establishedMember();
    expect((await send(asker, starter.id, owner.user.id, PHONE)).statusCode).toBe(202);

    // Back to warning, so the other tests in this file keep their defaults.
    await t.call(moderator, 'PUT', '/api/moderation/screening/rules/contact', {
      action: 'warn',
      strictAction: 'hold',
    });
    const audit = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.action, 'screening_rule'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('takes moderators’ words with their exceptions, and refuses a broken pattern', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    const bad = await t.call(moderator, 'POST', '/api/moderation/screening/words', {
      words: 'scam(+',
      action: 'hold',
      strictAction: 'hold',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('words');

    const added = await t.call(moderator, 'POST', '/api/moderation/screening/words', {
      words: 'kindly|god bless*',
      exception: 'kindly regards',
      action: 'hold',
      strictAction: 'hold',
    });
    expect(added.statusCode).toBe(201);
    const word = added
      .json()
      .rules.find((r: { code: string; words: string }) => r.words === 'kindly|god bless*');
    expect(word).toMatchObject({ code: 'word', action: 'hold' });

    const { owner, starter } = await ownerWithStarter();
    const asker = await establishedMember();
    expect(
      (await send(asker, starter.id, owner.user.id, 'Kindly get back to me, god blesses'))
        .statusCode,
    ).toBe(202);
    expect(
      (await send(asker, starter.id, owner.user.id, 'Thanks! Kindly regards, Sam')).statusCode,
    ).toBe(201);

    const removed = await t.call(moderator, 'DELETE', `/api/moderation/screening/words/${word.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().rules.some((r: { id: number }) => r.id === word.id)).toBe(false);
    expect((await send(asker, starter.id, owner.user.id, 'Kindly get back to me')).statusCode).toBe(
      201,
    );
  });
});

describe('signs for the receiver of a first message', () => {
  it('say a newcomer joined today and lives far away, and say nothing to the sender', async () => {
    // Portland, Oregon and Seattle are about 230 km apart.
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, {
      latitude: 45.5152,
      longitude: -122.6784,
    });
    const asker = await signedInMember(t.db, { latitude: 47.6062, longitude: -122.3321 });
    expect(
      (await send(asker, starter.id, owner.user.id, 'Hi! Is it still there?')).statusCode,
    ).toBe(201);
    const res = await t.call(
      owner,
      'GET',
      `/api/messages/starter/${starter.id}/signs?with=${asker.user.id}`,
    );
    expect(res.statusCode).toBe(200);
    const codes = res.json().signs.map((s: { code: string }) => s.code);
    expect(codes).toEqual(['joined_today', 'far_away']);
    // The distance as a fact too, so each reader's page says it in their language and units.
    const far = res.json().signs[1];
    expect(far.km).toBeGreaterThanOrEqual(200);
    expect(far.km).toBeLessThan(300);
    expect(Number.isInteger(far.km)).toBe(true);
    expect(far.text).toBe(`Lives about ${far.km} km from this starter`);

    const theirs = await t.call(
      asker,
      'GET',
      `/api/messages/starter/${starter.id}/signs?with=${owner.user.id}`,
    );
    expect(theirs.json()).toEqual({ signs: [] });
  });

  it('count the thumbs-down the sender had from other members, once each has waited', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const asker = await establishedMember();
    // Two that have waited their 48 hours, and one that has not yet (it does not count).
    for (let i = 0; i < 3; i++) {
      const giver = await signedInMember(t.db);
      const given = await createStarterRow(t.db, giver.user.id);
      const [handover] = await t.db
        .insert(handovers)
        .values({
          starterId: given.id,
          giverId: giver.user.id,
          recipientId: asker.user.id,
          status: 'not_received',
        })
        .returning({ id: handovers.id });
      await t.db.insert(feedback).values({
        handoverId: handover!.id,
        fromId: giver.user.id,
        toId: asker.user.id,
        rating: 'down',
        reason: 'no-show',
        createdAt: new Date(clock.nowMs() - (i < 2 ? 49 : 47) * HOUR_MS),
      });
    }
    await send(asker, starter.id, owner.user.id, 'Hi! Is it still there?');
    const res = await t.call(
      owner,
      'GET',
      `/api/messages/starter/${starter.id}/signs?with=${asker.user.id}`,
    );
    const sign = res.json().signs.find((s: { code: string }) => s.code === 'negative_feedback');
    expect(sign).toEqual({
      code: 'negative_feedback',
      text: '2 thumbs-down from other members in the last 6 months',
      count: 2,
    });
  });

  it('tell a member who could be reserved a portion that every one is held, never the giver nor a holder', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, {
      portions: 2,
      portionsReserved: 2,
    });
    const holder = await establishedMember();
    const otherHolder = await signedInMember(t.db);
    const neighbour = await signedInMember(t.db);
    await t.db.insert(reservations).values([
      { starterId: starter.id, memberId: holder.user.id },
      { starterId: starter.id, memberId: otherHolder.user.id },
    ]);
    await send(holder, starter.id, owner.user.id, 'Hi! Is it still there?');
    for (const member of [otherHolder, neighbour]) {
      await t.db.insert(messages).values({
        starterId: starter.id,
        senderId: owner.user.id,
        receiverId: member.user.id,
        content: 'Would you like a portion?',
      });
    }
    const codes = async (as: Member, withId: string) =>
      (await t.call(as, 'GET', `/api/messages/starter/${starter.id}/signs?with=${withId}`))
        .json()
        .signs.map((s: { code: string }) => s.code);
    expect(await codes(owner, holder.user.id)).toEqual([]);
    expect(await codes(otherHolder, owner.user.id)).not.toContain('already_reserved');
    expect(await codes(neighbour, owner.user.id)).toContain('already_reserved');
  });
});
