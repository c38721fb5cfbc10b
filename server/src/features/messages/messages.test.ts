import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMailDue, messages, rateLimits, starters, users } from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  failInsertsWhere,
  signedInMember,
  type TestApp,
} from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

function send(
  from: Member | null,
  body: { starterId: number | string; receiverId: string; content: unknown },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: from ? { cookie: from.cookie } : {},
    payload: body,
  });
}

function thread(as: Member, starterId: number, withId?: string) {
  const query = withId ? `?with=${encodeURIComponent(withId)}` : '';
  return t.call(as, 'GET', `/api/messages/starter/${starterId}${query}`);
}

function markRead(as: Member, starterId: number, body: { with?: string; upTo?: number } = {}) {
  return t.call(as, 'POST', `/api/messages/starter/${starterId}/read`, body);
}

const conversations = (as: Member) => t.call(as, 'GET', '/api/conversations');
const unread = async (as: Member) =>
  (await t.call(as, 'GET', '/api/messages/unread-count')).json().count as number;

async function storedOn(starterId: number) {
  return t.db.select().from(messages).where(eq(messages.starterId, starterId));
}

/** An owner with a fresh starter. */
async function ownerWithStarter(overrides: Partial<typeof starters.$inferInsert> = {}) {
  const owner = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id, overrides);
  return { owner, starter };
}

describe('POST /api/messages', () => {
  it('delivers a trimmed message from an inquirer to the owner', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const res = await send(asker, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: '  Could I pick it up on Saturday morning?  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      starterId: starter.id,
      senderId: asker.user.id,
      receiverId: owner.user.id,
      content: 'Could I pick it up on Saturday morning?',
      isRead: false,
      createdAt: expect.any(String),
    });
    const stored = await storedOn(starter.id);
    expect(stored.map((m) => m.content)).toEqual(['Could I pick it up on Saturday morning?']);
  });

  it('refuses blank and over-long messages with the spec messages and stores nothing', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const cases: Array<[unknown, string]> = [
      ['', 'Message cannot be empty'],
      ['   \n\t ', 'Message cannot be empty'],
      ['x'.repeat(501), 'Message too long'],
      [undefined, 'Message cannot be empty'],
    ];
    for (const [content, message] of cases) {
      const res = await send(asker, { starterId: starter.id, receiverId: owner.user.id, content });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { content: message } });
    }
    const exactly500 = await send(asker, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'y'.repeat(500),
    });
    expect(exactly500.statusCode).toBe(201);
    expect(await storedOn(starter.id)).toHaveLength(1);
  });

  it('refuses messages to oneself, from the owner as from anyone', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const fromOwner = await send(owner, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Note to self',
    });
    expect(fromOwner.statusCode).toBe(400);
    expect(fromOwner.json().message).toMatch(/yourself/);
    const fromAsker = await send(asker, {
      starterId: starter.id,
      receiverId: asker.user.id,
      content: 'Hello me',
    });
    expect(fromAsker.statusCode).toBe(400);
    expect(await storedOn(starter.id)).toHaveLength(0);
  });

  it('refuses stranger-addressed messages: a member writes only to the owner, the owner only to askers', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const stranger = await signedInMember(t.db);

    const toStranger = await send(asker, {
      starterId: starter.id,
      receiverId: stranger.user.id,
      content: 'Psst, want some kefir?',
    });
    expect(toStranger.statusCode).toBe(403);
    expect(toStranger.json().message).toBe("You can only message this starter's owner");

    const ownerToStranger = await send(owner, {
      starterId: starter.id,
      receiverId: stranger.user.id,
      content: 'Would you like my kefir?',
    });
    expect(ownerToStranger.statusCode).toBe(403);

    const toNobody = await send(asker, {
      starterId: starter.id,
      receiverId: 'no-such-member',
      content: 'Hello?',
    });
    expect(toNobody.statusCode).toBe(403);
    expect(await storedOn(starter.id)).toHaveLength(0);

    // Once the member has asked, the owner may answer them.
    await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'Hi!' });
    const reply = await send(owner, {
      starterId: starter.id,
      receiverId: asker.user.id,
      content: 'Hi, sure.',
    });
    expect(reply.statusCode).toBe(201);
    expect(await storedOn(starter.id)).toHaveLength(2);
  });

  it('requires a signed-in member', async () => {
    const { owner, starter } = await ownerWithStarter();
    const res = await send(null, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Anonymous hello',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sign in required');
    expect(await storedOn(starter.id)).toHaveLength(0);
  });

  it('answers 404 for a starter that does not exist and 400 for a malformed id', async () => {
    const { owner } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const missing = await send(asker, {
      starterId: 99_999_999,
      receiverId: owner.user.id,
      content: 'Hello',
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await send(asker, {
      starterId: 'abc',
      receiverId: owner.user.id,
      content: 'Hello',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('takes no new conversation on a claimed starter, but existing threads go on', async () => {
    const { owner, starter } = await ownerWithStarter();
    const earlyAsker = await signedInMember(t.db);
    const lateAsker = await signedInMember(t.db);
    await send(earlyAsker, { starterId: starter.id, receiverId: owner.user.id, content: 'Mine?' });
    await t.db.update(starters).set({ isClaimed: true }).where(eq(starters.id, starter.id));

    const late = await send(lateAsker, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Is it still available?',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This starter has already been claimed');

    const followUp = await send(earlyAsker, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'See you at 5pm then',
    });
    expect(followUp.statusCode).toBe(201);
    const ownerReply = await send(owner, {
      starterId: starter.id,
      receiverId: earlyAsker.user.id,
      content: 'Great',
    });
    expect(ownerReply.statusCode).toBe(201);
    const stored = await storedOn(starter.id);
    expect(stored.map((m) => m.senderId).sort()).toEqual(
      [earlyAsker.user.id, earlyAsker.user.id, owner.user.id].sort(),
    );
  });

  it('ends every conversation on a removed starter: 404 for members, 409 for its owner', async () => {
    const { owner, starter } = await ownerWithStarter();
    const earlyAsker = await signedInMember(t.db);
    const lateAsker = await signedInMember(t.db);
    await send(earlyAsker, { starterId: starter.id, receiverId: owner.user.id, content: 'Hi' });
    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: new Date() })
      .where(eq(starters.id, starter.id));

    const late = await send(lateAsker, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Hello',
    });
    expect(late.statusCode).toBe(404);
    // Even a member who wrote before learns no more than a stranger: it is gone.
    const followUp = await send(earlyAsker, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Still on?',
    });
    expect(followUp.statusCode).toBe(404);
    expect((await thread(earlyAsker, starter.id)).statusCode).toBe(404);
    expect((await conversations(earlyAsker)).json()).toEqual([]);
    // The owner still sees their removed starter, but nobody could read an answer.
    const ownerReply = await send(owner, {
      starterId: starter.id,
      receiverId: earlyAsker.user.id,
      content: 'Yes',
    });
    expect(ownerReply.statusCode).toBe(409);
    expect(await storedOn(starter.id)).toHaveLength(1);
  });

  it('answers 404 to messages about a starter whose owner is banned or suspended: they cannot answer', async () => {
    for (const standing of [
      { bannedAt: new Date() },
      { suspendedUntil: new Date(Date.now() + 86_400_000) },
    ]) {
      const { owner, starter } = await ownerWithStarter();
      const asker = await signedInMember(t.db);
      await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'Hi' });
      await t.db.update(users).set(standing).where(eq(users.id, owner.user.id));

      const res = await send(asker, {
        starterId: starter.id,
        receiverId: owner.user.id,
        content: 'Are you there?',
      });
      expect(res.statusCode).toBe(404);
      expect((await thread(asker, starter.id)).statusCode).toBe(404);
      expect((await markRead(asker, starter.id)).statusCode).toBe(404);
      expect(await storedOn(starter.id)).toHaveLength(1);
    }
  });

  it('answers 404, not an empty thread, for a removed starter the member never wrote about', async () => {
    const { starter } = await ownerWithStarter({ isActive: false, removedAt: new Date() });
    const stranger = await signedInMember(t.db);
    const res = await thread(stranger, starter.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'Starter not found' });
  });

  it('stops at the daily message quota with 429 and stores nothing more', async () => {
    const limited = await createTestApp({ LIMIT_MESSAGES_PER_DAY: '2' });
    try {
      const owner = await signedInMember(limited.db);
      const starter = await createStarterRow(limited.db, owner.user.id);
      const asker = await signedInMember(limited.db);
      const post = (content: string) =>
        limited.call(asker, 'POST', '/api/messages', {
          starterId: starter.id,
          receiverId: owner.user.id,
          content,
        });
      expect((await post('one')).statusCode).toBe(201);
      expect((await post('two')).statusCode).toBe(201);
      const third = await post('three');
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const stored = await limited.db
        .select()
        .from(messages)
        .where(eq(messages.starterId, starter.id));
      expect(stored.map((m) => m.content)).toEqual(['one', 'two']);
    } finally {
      await limited.close();
    }
  });

  it('charges no quota for a message that is refused or whose write fails', async () => {
    const limited = await createTestApp({ LIMIT_MESSAGES_PER_DAY: '2' });
    try {
      await failInsertsWhere(limited.db, 'messages', 'content', 'this write fails');
      const owner = await signedInMember(limited.db);
      const starter = await createStarterRow(limited.db, owner.user.id);
      const asker = await signedInMember(limited.db);
      const post = (content: string, receiverId = owner.user.id) =>
        limited.call(asker, 'POST', '/api/messages', {
          starterId: starter.id,
          receiverId,
          content,
        });
      expect((await post('this write fails')).statusCode).toBe(500);
      expect((await post('this write fails')).statusCode).toBe(500);
      expect((await post('to a stranger', asker.user.id)).statusCode).toBe(400);
      expect((await post('one')).statusCode).toBe(201);
      expect((await post('two')).statusCode).toBe(201);
      expect((await post('three')).statusCode).toBe(429);
      // A refused attempt over the limit is not counted either: the window holds exactly 2.
      const [quota] = await limited.db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(eq(rateLimits.key, `messages:${asker.user.id}`));
      expect(quota?.hits).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('message notifications are scheduled with the message', () => {
  it('stores no message and charges no quota when scheduling its notification fails', async () => {
    const limited = await createTestApp({ LIMIT_MESSAGES_PER_DAY: '2' });
    try {
      const owner = await signedInMember(limited.db);
      const starter = await createStarterRow(limited.db, owner.user.id);
      const failing = await signedInMember(limited.db);
      const fine = await signedInMember(limited.db);
      await failInsertsWhere(limited.db, 'message_mail_due', 'sender_id', failing.user.id);
      const post = (from: Member, content: string) =>
        limited.call(from, 'POST', '/api/messages', {
          starterId: starter.id,
          receiverId: owner.user.id,
          content,
        });

      expect((await post(failing, 'lost without its mail')).statusCode).toBe(500);
      const stored = await limited.db
        .select()
        .from(messages)
        .where(eq(messages.starterId, starter.id));
      expect(stored).toEqual([]);
      const [quota] = await limited.db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(eq(rateLimits.key, `messages:${failing.user.id}`));
      expect(quota?.hits ?? 0).toBe(0);

      expect((await post(fine, 'first')).statusCode).toBe(201);
      expect((await post(fine, 'second')).statusCode).toBe(201);
      const due = await limited.db
        .select()
        .from(messageMailDue)
        .where(eq(messageMailDue.starterId, starter.id));
      expect(due.map((d) => [d.receiverId, d.senderId])).toEqual([[owner.user.id, fine.user.id]]);
    } finally {
      await limited.close();
    }
  });
});

describe('conversations and threads', () => {
  it('keeps two inquirers apart and shows a third member nothing', async () => {
    const { owner, starter } = await ownerWithStarter({ title: 'Sourdough starter "Bubbles"' });
    const alice = await signedInMember(t.db, { firstName: 'Alice', lastName: 'Asker' });
    const bob = await signedInMember(t.db, { firstName: 'Bob', lastName: 'Baker' });
    const carol = await signedInMember(t.db);

    await send(alice, { starterId: starter.id, receiverId: owner.user.id, content: 'Alice here' });
    await send(bob, { starterId: starter.id, receiverId: owner.user.id, content: 'Bob here' });
    await send(owner, { starterId: starter.id, receiverId: alice.user.id, content: 'Hi Alice' });
    await send(owner, { starterId: starter.id, receiverId: bob.user.id, content: 'Hi Bob' });

    const aliceThread = await thread(alice, starter.id);
    expect(aliceThread.statusCode).toBe(200);
    expect(aliceThread.json().map((m: { content: string }) => m.content)).toEqual([
      'Alice here',
      'Hi Alice',
    ]);
    // Asking for someone else's thread only ever narrows to the caller's own messages.
    const aliceSnoops = await thread(alice, starter.id, bob.user.id);
    expect(aliceSnoops.statusCode).toBe(200);
    expect(aliceSnoops.json()).toEqual([]);

    const bobThread = await thread(bob, starter.id);
    expect(bobThread.json().map((m: { content: string }) => m.content)).toEqual([
      'Bob here',
      'Hi Bob',
    ]);

    const ownerWithAlice = await thread(owner, starter.id, alice.user.id);
    expect(ownerWithAlice.json().map((m: { content: string }) => m.content)).toEqual([
      'Alice here',
      'Hi Alice',
    ]);
    // Two threads on one starter: the owner must say which.
    const ownerAmbiguous = await thread(owner, starter.id);
    expect(ownerAmbiguous.statusCode).toBe(400);

    const aliceList = (await conversations(alice)).json();
    expect(aliceList).toEqual([
      {
        starterId: starter.id,
        starterTitle: 'Sourdough starter "Bubbles"',
        otherUser: {
          id: owner.user.id,
          username: owner.user.username,
          firstName: owner.user.firstName,
          lastName: owner.user.lastName,
          profileImageUrl: null,
        },
        lastMessage: { content: 'Hi Alice', createdAt: expect.any(String) },
        // Reading the thread marked nothing read: that is its own POST.
        unreadCount: 1,
        role: 'asker',
        stage: 'asked',
        // The owner wrote last: Alice owes the reply, so she has nobody to nudge.
        awaitingReply: true,
        mayNudge: false,
      },
    ]);
    const ownerList = (await conversations(owner)).json();
    expect(ownerList.map((c: { awaitingReply: boolean }) => c.awaitingReply)).toEqual([
      false,
      false,
    ]);
    expect(ownerList.map((c: { otherUser: { id: string } }) => c.otherUser.id).sort()).toEqual(
      [alice.user.id, bob.user.id].sort(),
    );
    expect(JSON.stringify(aliceList)).not.toContain('Bob here');

    expect((await conversations(carol)).json()).toEqual([]);
    for (const res of [
      await thread(carol, starter.id),
      await thread(carol, starter.id, alice.user.id),
      await thread(carol, starter.id, owner.user.id),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect(await unread(carol)).toBe(0);
  });

  it('lets the owner leave out `with` when only one member wrote', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    expect((await thread(owner, starter.id)).json()).toEqual([]);
    await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'Hello!' });
    const res = await thread(owner, starter.id);
    expect(res.json().map((m: { content: string }) => m.content)).toEqual(['Hello!']);
  });

  it('answers 404 for a thread on a starter that does not exist, and 401 signed out', async () => {
    const member = await signedInMember(t.db);
    expect((await thread(member, 99_999_998)).statusCode).toBe(404);
    expect((await t.app.inject('/api/messages/starter/1')).statusCode).toBe(401);
    expect((await t.app.inject('/api/conversations')).statusCode).toBe(401);
    expect((await t.app.inject('/api/messages/unread-count')).statusCode).toBe(401);
  });

  it('counts unread messages; the receiver marks a thread read with a POST, never by reading it', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'One' });
    await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'Two' });
    expect(await unread(owner)).toBe(2);
    expect(await unread(asker)).toBe(0);
    expect((await conversations(owner)).json()[0].unreadCount).toBe(2);

    // Reading changes nothing: a link from another site can open it, so it must be harmless.
    const opened = await thread(owner, starter.id, asker.user.id);
    expect(opened.json().map((m: { isRead: boolean }) => m.isRead)).toEqual([false, false]);
    expect(await unread(owner)).toBe(2);

    // The sender marking their own thread read changes nothing for the receiver.
    expect((await markRead(asker, starter.id)).statusCode).toBe(204);
    expect(await unread(owner)).toBe(2);

    const marked = await markRead(owner, starter.id, { with: asker.user.id });
    expect(marked.statusCode).toBe(204);
    expect(marked.body).toBe('');
    expect(await unread(owner)).toBe(0);
    expect((await conversations(owner)).json()[0].unreadCount).toBe(0);
    const reread = await thread(owner, starter.id, asker.user.id);
    expect(reread.json().every((m: { isRead: boolean }) => m.isRead)).toBe(true);

    await send(owner, { starterId: starter.id, receiverId: asker.user.id, content: 'Three' });
    expect(await unread(asker)).toBe(1);
    // No body at all is fine: the asker has one thread on the starter.
    const noBody = await t.call(asker, 'POST', `/api/messages/starter/${starter.id}/read`);
    expect(noBody.statusCode).toBe(204);
    expect(await unread(asker)).toBe(0);
  });

  it('marks read only up to the newest message the reader was shown', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    const shown = (
      await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'Shown' })
    ).json().id as number;
    // Reaches the server after the owner's page was drawn, before its mark-read call.
    await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'Not yet' });
    expect(await unread(owner)).toBe(2);

    const marked = await markRead(owner, starter.id, { with: asker.user.id, upTo: shown });
    expect(marked.statusCode).toBe(204);
    expect(await unread(owner)).toBe(1);
    const reread = (await thread(owner, starter.id, asker.user.id)).json() as {
      content: string;
      isRead: boolean;
    }[];
    expect(reread.map((m) => [m.content, m.isRead])).toEqual([
      ['Shown', true],
      ['Not yet', false],
    ]);

    for (const upTo of [0, -1, 1.5, 'all']) {
      const refused = await t.call(owner, 'POST', `/api/messages/starter/${starter.id}/read`, {
        with: asker.user.id,
        upTo,
      });
      expect(refused.statusCode, String(upTo)).toBe(400);
    }
    expect(await unread(owner)).toBe(1);
  });

  it('refuses a cross-site mark-read and signed-out callers, changing nothing', async () => {
    const { owner, starter } = await ownerWithStarter();
    const asker = await signedInMember(t.db);
    await send(asker, { starterId: starter.id, receiverId: owner.user.id, content: 'Hello' });
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/messages/starter/${starter.id}/read`,
        headers: { cookie: owner.cookie, ...headers },
        payload: { with: asker.user.id },
      });
      expect(res.statusCode).toBe(403);
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/messages/starter/${starter.id}/read`,
      payload: {},
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await unread(owner)).toBe(1);
  });

  it('lists conversations with the newest activity first', async () => {
    const asker = await signedInMember(t.db);
    const first = await ownerWithStarter({ title: 'Kombucha SCOBY' });
    const second = await ownerWithStarter({ title: 'Water kefir' });
    await send(asker, {
      starterId: first.starter.id,
      receiverId: first.owner.user.id,
      content: 'SCOBY please',
    });
    await send(asker, {
      starterId: second.starter.id,
      receiverId: second.owner.user.id,
      content: 'Kefir please',
    });
    let list = (await conversations(asker)).json();
    expect(list.map((c: { starterTitle: string }) => c.starterTitle)).toEqual([
      'Water kefir',
      'Kombucha SCOBY',
    ]);
    await send(first.owner, {
      starterId: first.starter.id,
      receiverId: asker.user.id,
      content: 'Sure, Sunday?',
    });
    list = (await conversations(asker)).json();
    expect(list.map((c: { starterTitle: string }) => c.starterTitle)).toEqual([
      'Kombucha SCOBY',
      'Water kefir',
    ]);
    expect(list[0]).toMatchObject({
      lastMessage: { content: 'Sure, Sunday?' },
      unreadCount: 1,
    });
  });
});
