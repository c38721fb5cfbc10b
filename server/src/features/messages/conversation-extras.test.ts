import { and, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../clock/clock';
import {
  conversationNudges,
  heldMessages,
  mailOutbox,
  messagePhotos,
  messages,
  sessions,
  starters,
  users,
} from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  type TestApp,
} from '../../test/app';
import { multipart, type UploadFile } from '../../test/multipart';
import { queueFirstMessageReminders } from './nudges';
import type { Conversation, Message } from '../../../../common/conversations/messages';
import type { ReportItem } from '../../../../common/moderation/reports';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REPORTS_TO_HIDE: '3' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

type Member = Awaited<ReturnType<typeof signedInMember>>;
const HOUR = 60 * 60 * 1000;

/** A phone photo: GPS and camera make in its EXIF. */
async function phoneJpeg() {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#c08040' } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Google', Model: 'Pixel 8' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 31/1 12/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 40/1 30/1',
      },
    })
    .toBuffer();
}

const jpeg = async (name = 'scoby.jpg'): Promise<UploadFile> => ({
  filename: name,
  contentType: 'image/jpeg',
  data: await phoneJpeg(),
});

function sendWithPhotos(
  from: Member,
  fields: { starterId: number; receiverId: string; content: string },
  files: UploadFile[],
) {
  const body = multipart(
    { starterId: String(fields.starterId), receiverId: fields.receiverId, content: fields.content },
    files,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { ...body.headers, cookie: from.cookie },
    payload: body.payload,
  });
}

const send = (from: Member, starterId: number, to: Member, content: string) =>
  t.call(from, 'POST', '/api/messages', { starterId, receiverId: to.user.id, content });

const nudge = (from: Member, starterId: number, other: Member) =>
  t.call(from, 'POST', `/api/messages/starter/${starterId}/nudge`, { with: other.user.id });

async function conversation() {
  const owner = await signedInMember(t.db);
  const asker = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id);
  return { owner, asker, starter };
}

const mailTo = (member: Member) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.user.email));

describe('photos in messages', () => {
  it('sends up to four photos, stripped of metadata, shown only to the two members', async () => {
    const { owner, asker, starter } = await conversation();
    const res = await sendWithPhotos(
      asker,
      { starterId: starter.id, receiverId: owner.user.id, content: 'Is this mould?' },
      [await jpeg(), await jpeg('second.jpg')],
    );
    expect(res.statusCode).toBe(201);
    const sent = res.json<Message>();
    expect(sent.photos).toHaveLength(2);
    expect(sent.photos![0]!.url).toMatch(/^\/api\/messages\/photos\/[0-9a-f-]{36}\/full\.webp$/);
    expect(sent.photos![0]!.thumbUrl).toMatch(/\/thumb\.webp$/);

    const [stored] = await t.db
      .select()
      .from(messagePhotos)
      .where(eq(messagePhotos.messageId, sent.id));
    expect(await exifr.gps(stored!.full).catch(() => undefined)).toBeUndefined();
    expect((await sharp(stored!.full).metadata()).exif).toBeUndefined();

    const thread = await t.call(
      owner,
      'GET',
      `/api/messages/starter/${starter.id}?with=${asker.user.id}`,
    );
    expect(thread.json<Message[]>()[0]!.photos).toEqual(sent.photos);

    for (const who of [owner, asker]) {
      const photo = await t.call(who, 'GET', sent.photos![0]!.url);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['cache-control']).toBe('private, no-store');
    }
    const stranger = await signedInMember(t.db);
    expect((await t.call(stranger, 'GET', sent.photos![0]!.url)).statusCode).toBe(404);
    expect((await t.call(null, 'GET', sent.photos![0]!.thumbUrl)).statusCode).toBe(401);
    // A moderator opens them only once the message is reported.
    const moderator = await signedInMember(t.db, { isModerator: true });
    expect((await t.call(moderator, 'GET', sent.photos![0]!.url)).statusCode).toBe(404);
    const report = await t.call(owner, 'POST', `/api/messages/${sent.id}/report`, {
      reason: 'inappropriate',
    });
    expect(report.statusCode).toBe(201);
    expect((await t.call(moderator, 'GET', sent.photos![0]!.url)).statusCode).toBe(200);
  });

  it('takes a message of photos alone, but not an empty one', async () => {
    const { owner, asker, starter } = await conversation();
    const fields = { starterId: starter.id, receiverId: owner.user.id, content: '  ' };
    const alone = await sendWithPhotos(asker, fields, [await jpeg()]);
    expect(alone.statusCode).toBe(201);
    expect(alone.json<Message>().content).toBe('');
    const empty = await sendWithPhotos(asker, fields, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ content: 'Message cannot be empty' });
    const json = await send(asker, starter.id, owner, '');
    expect(json.statusCode).toBe(400);
  });

  it('refuses a fifth photo, a file that is not an image, and one over 5 MB, storing nothing', async () => {
    const { owner, asker, starter } = await conversation();
    const fields = { starterId: starter.id, receiverId: owner.user.id, content: 'Look' };
    const five = await Promise.all([1, 2, 3, 4, 5].map((n) => jpeg(`${n}.jpg`)));
    const tooMany = await sendWithPhotos(asker, fields, five);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ image: 'At most 4 photos per message' });

    const notImage = await sendWithPhotos(asker, fields, [
      { filename: 'scoby.jpg', contentType: 'image/jpeg', data: Buffer.from('<html>hello</html>') },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().fields.image).toMatch(/image file/);

    const huge = await sendWithPhotos(asker, fields, [
      { filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 10) },
    ]);
    expect(huge.statusCode).toBe(413);
    const stored = await t.db.select().from(messages).where(eq(messages.starterId, starter.id));
    expect(stored).toEqual([]);
  });
});

describe('nudges', () => {
  it('once a day per conversation, only by the member who wrote last, a day after writing', async () => {
    const { owner, asker, starter } = await conversation();
    expect((await nudge(asker, starter.id, owner)).statusCode).toBe(409);
    expect((await send(asker, starter.id, owner, 'Still there?')).statusCode).toBe(201);
    expect((await nudge(owner, starter.id, asker)).statusCode).toBe(409);
    // Not before the message has waited a day, by the server's clock.
    const early = await nudge(asker, starter.id, owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can nudge once your message has waited 24 hours.');
    advanceClock(24 * HOUR - 60_000);
    expect((await nudge(asker, starter.id, owner)).statusCode).toBe(409);
    advanceClock(60_000);

    const first = await nudge(asker, starter.id, owner);
    expect(first.statusCode).toBe(201);
    const again = await nudge(asker, starter.id, owner);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    advanceClock(24 * HOUR + 1000);
    expect((await nudge(asker, starter.id, owner)).statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(conversationNudges)
      .where(eq(conversationNudges.starterId, starter.id));
    expect(rows.map((r) => r.kind)).toEqual(['nudge', 'nudge']);
  });

  it('mails the other side when they take message mail at once, not when they chose less', async () => {
    const { owner, asker, starter } = await conversation();
    await send(asker, starter.id, owner, 'Hello?');
    advanceClock(25 * HOUR);
    await nudge(asker, starter.id, owner);
    const mails = (await mailTo(owner)).filter((m) => /waiting for your reply/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('/messages?starter=');

    const quiet = await conversation();
    await t.db.update(users).set({ messageMail: 'daily' }).where(eq(users.id, quiet.owner.user.id));
    await send(quiet.asker, quiet.starter.id, quiet.owner, 'Hello?');
    advanceClock(25 * HOUR);
    expect((await nudge(quiet.asker, quiet.starter.id, quiet.owner)).statusCode).toBe(201);
    const none = (await mailTo(quiet.owner)).filter((m) => /waiting/.test(m.subject));
    expect(none).toEqual([]);
  });

  it('a stranger cannot nudge about a thread that is not theirs', async () => {
    const { owner, asker, starter } = await conversation();
    await send(asker, starter.id, owner, 'Hello?');
    advanceClock(25 * HOUR);
    const stranger = await signedInMember(t.db);
    expect((await nudge(stranger, starter.id, owner)).statusCode).toBe(409);
  });

  /** The conversation with `other` about `starterId` as `who`'s inbox lists it. */
  const listed = async (who: Member, starterId: number, other: Member) =>
    ((await t.call(who, 'GET', '/api/conversations')).json() as Conversation[]).find(
      (c) => c.starterId === starterId && c.otherUser.id === other.user.id,
    );

  it('only while the other side owes a reply: not on a held message, not after a finished hand-over', async () => {
    const { owner, asker, starter } = await conversation();
    await send(asker, starter.id, owner, 'Could I have some?');
    expect((await listed(owner, starter.id, asker))?.awaitingReply).toBe(true);
    expect(await listed(asker, starter.id, owner)).toMatchObject({
      awaitingReply: false,
      mayNudge: false,
    });
    advanceClock(25 * HOUR);
    expect((await listed(asker, starter.id, owner))?.mayNudge).toBe(true);

    // Something the asker wrote since is held for review: it has not reached the owner.
    const [held] = await t.db
      .insert(heldMessages)
      .values({
        starterId: starter.id,
        senderId: asker.user.id,
        receiverId: owner.user.id,
        content: 'Text me on 555 0100',
        codes: ['phone'],
        strict: true,
      })
      .returning();
    expect((await listed(asker, starter.id, owner))?.mayNudge).toBe(false);
    const onHeld = await nudge(asker, starter.id, owner);
    expect(onHeld.statusCode).toBe(409);
    expect(onHeld.json().message).toBe(
      'Your message is waiting for review; you can nudge once it is delivered.',
    );
    await t.db.delete(heldMessages).where(eq(heldMessages.id, held!.id));

    // The hand-over is finished: nobody waits for a reply any more, either way.
    await receivedHandover(t.db, {
      starterId: starter.id,
      giverId: owner.user.id,
      recipientId: asker.user.id,
    });
    expect((await listed(asker, starter.id, owner))?.mayNudge).toBe(false);
    expect((await listed(owner, starter.id, asker))?.awaitingReply).toBe(false);
    const after = await nudge(asker, starter.id, owner);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('The hand-over is finished; there is no reply to wait for.');
    expect(
      await t.db
        .select()
        .from(conversationNudges)
        .where(eq(conversationNudges.starterId, starter.id)),
    ).toEqual([]);
  });

  it('is offered again a day after a nudge, not before', async () => {
    const { owner, asker, starter } = await conversation();
    await send(asker, starter.id, owner, 'Hello?');
    advanceClock(25 * HOUR);
    expect((await nudge(asker, starter.id, owner)).statusCode).toBe(201);
    expect((await listed(asker, starter.id, owner))?.mayNudge).toBe(false);
    advanceClock(24 * HOUR + 1000);
    expect((await listed(asker, starter.id, owner))?.mayNudge).toBe(true);
  });
});

describe('the reminder to an owner who has not answered', () => {
  /** The member last used the site at `at` (as the sessions table keeps it). */
  async function seenAt(member: Member, at: Date) {
    await t.db
      .update(sessions)
      .set({ expire: new Date(at.getTime() + t.config.session.idleDays * 24 * HOUR) })
      .where(eq(sessions.userId, member.user.id));
  }

  it('comes once, a day after a first message, when the owner was on the site meanwhile', async () => {
    const { owner, asker, starter } = await conversation();
    const quiet = await conversation();
    await send(asker, starter.id, owner, 'May I have some?');
    await send(quiet.asker, quiet.starter.id, quiet.owner, 'May I have some?');
    const sentAt = now();
    await seenAt(owner, new Date(sentAt.getTime() + HOUR));
    // The other owner has not been on the site since.
    await seenAt(quiet.owner, new Date(sentAt.getTime() - HOUR));

    const reminders = async (m: Member) =>
      (await mailTo(m)).filter((x) => /is waiting to hear about/.test(x.subject));
    advanceClock(23 * HOUR);
    await queueFirstMessageReminders({ db: t.db, config: t.config });
    expect(await reminders(owner)).toEqual([]);

    advanceClock(2 * HOUR);
    await queueFirstMessageReminders({ db: t.db, config: t.config });
    await queueFirstMessageReminders({ db: t.db, config: t.config });
    const mails = await reminders(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe': expect.any(String) });
    expect(await reminders(quiet.owner)).toEqual([]);
  });

  it('does not come once the owner has answered', async () => {
    const { owner, asker, starter } = await conversation();
    await send(asker, starter.id, owner, 'May I have some?');
    await send(owner, starter.id, asker, 'Yes!');
    await seenAt(owner, new Date(now().getTime() + HOUR));
    advanceClock(25 * HOUR);
    await queueFirstMessageReminders({ db: t.db, config: t.config });
    const rows = await t.db
      .select()
      .from(conversationNudges)
      .where(
        and(eq(conversationNudges.starterId, starter.id), eq(conversationNudges.kind, 'reminder')),
      );
    expect(rows).toEqual([]);
  });
});

describe('reply time in the summary', () => {
  it('is the median hours to a first reply, shown from three answered conversations', async () => {
    const member = await signedInMember(t.db);
    const summary = async () =>
      (await t.call(null, 'GET', `/api/users/${member.user.id}/summary`)).json().replyHours;
    const answerAfter = async (hours: number) => {
      const asker = await signedInMember(t.db);
      const starter = await createStarterRow(t.db, member.user.id);
      const at = now();
      await t.db.insert(messages).values([
        {
          starterId: starter.id,
          senderId: asker.user.id,
          receiverId: member.user.id,
          content: 'Hi',
          createdAt: at,
        },
        {
          starterId: starter.id,
          senderId: member.user.id,
          receiverId: asker.user.id,
          content: 'Hello',
          createdAt: new Date(at.getTime() + hours * HOUR),
        },
      ]);
    };
    expect(await summary()).toBeNull();
    await answerAfter(1);
    await answerAfter(2);
    expect(await summary()).toBeNull();
    await answerAfter(30);
    expect(await summary()).toBe(2);
  });
});

describe('reporting a message', () => {
  it('the receiver reports it once; the moderator sees it, its neighbours and photos', async () => {
    const { owner, asker, starter } = await conversation();
    await send(asker, starter.id, owner, 'Hi, is it still there?');
    await send(owner, starter.id, asker, 'Yes, come by.');
    const bad = await sendWithPhotos(
      asker,
      {
        starterId: starter.id,
        receiverId: owner.user.id,
        content: 'Your grains are rubbish and so are you',
      },
      [await jpeg()],
    );
    const badId = bad.json<Message>().id;
    await send(owner, starter.id, asker, 'No thank you.');

    const byAuthor = await t.call(asker, 'POST', `/api/messages/${badId}/report`, {
      reason: 'spam',
    });
    expect(byAuthor.statusCode).toBe(403);
    const stranger = await signedInMember(t.db);
    expect(
      (await t.call(stranger, 'POST', `/api/messages/${badId}/report`, { reason: 'spam' }))
        .statusCode,
    ).toBe(404);
    const other = await t.call(owner, 'POST', `/api/messages/${badId}/report`, { reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.description).toBeTruthy();

    const made = await t.call(owner, 'POST', `/api/messages/${badId}/report`, {
      reason: 'spam',
      description: 'Asks for money',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending' });
    const twice = await t.call(owner, 'POST', `/api/messages/${badId}/report`, { reason: 'spam' });
    expect(twice.statusCode).toBe(409);

    const moderator = await signedInMember(t.db, { isModerator: true });
    const list = (await t.call(moderator, 'GET', '/api/reports')).json<ReportItem[]>();
    const item = list.find((r) => r.id === made.json().id)!;
    expect(item.message).toMatchObject({
      id: badId,
      content: 'Your grains are rubbish and so are you',
      sender: { id: asker.user.id },
    });
    expect(item.message!.photos).toHaveLength(1);
    expect(item.message!.before!.map((m) => m.content)).toEqual([
      'Hi, is it still there?',
      'Yes, come by.',
    ]);
    expect(item.message!.after!.map((m) => m.content)).toEqual(['No thank you.']);
    expect((await t.call(moderator, 'GET', item.message!.photos![0]!.url)).statusCode).toBe(200);
  });
});

describe('REPORTS_TO_HIDE', () => {
  it('hides a listing three members reported, tells its owner, and a review brings it back', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Reported kefir' });
    const asker = await signedInMember(t.db);
    await send(asker, starter.id, owner, 'Hello');
    const reporters = await Promise.all([1, 2, 3].map(() => signedInMember(t.db)));
    const visitorSees = async () =>
      (await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode;

    const ids: number[] = [];
    for (const [i, reporter] of reporters.entries()) {
      expect(await visitorSees()).toBe(200);
      const res = await t.call(reporter, 'POST', '/api/reports', {
        starterId: starter.id,
        reason: 'spam',
      });
      expect(res.statusCode, `report ${i + 1}`).toBe(201);
      ids.push(res.json().id);
    }
    expect(await visitorSees()).toBe(404);
    const browse = await t.call(null, 'GET', '/api/starters?limit=50');
    expect(JSON.stringify(browse.json())).not.toContain('Reported kefir');
    // Its owner (told why) and the member already talking about it still see it.
    const ownerSees = await t.call(owner, 'GET', `/api/starters/${starter.id}`);
    expect(ownerSees.json()).toMatchObject({ hiddenByReports: true });
    const askerSees = await t.call(asker, 'GET', `/api/starters/${starter.id}`);
    expect(askerSees.statusCode).toBe(200);
    expect(askerSees.json().hiddenByReports).toBeUndefined();
    expect((await send(asker, starter.id, owner, 'Still on?')).statusCode).toBe(201);
    const told = (await mailTo(owner)).filter((m) => /hidden until a moderator/.test(m.subject));
    expect(told).toHaveLength(1);

    const moderator = await signedInMember(t.db, { isModerator: true });
    const reviewed = await t.call(moderator, 'PATCH', `/api/reports/${ids[0]}`, {
      status: 'reviewed',
    });
    expect(reviewed.statusCode).toBe(200);
    expect(await visitorSees()).toBe(200);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row!.heldForReviewAt).toBeNull();
    // The other reports asked the same question and were settled with it.
    const pending = (await t.call(moderator, 'GET', '/api/reports')).json<ReportItem[]>();
    expect(pending.filter((r) => r.starter.id === starter.id)).toEqual([]);
  });

  it('two reporters, or message reports, do not hide a listing', async () => {
    const { owner, asker, starter } = await conversation();
    for (const reporter of await Promise.all([1, 2].map(() => signedInMember(t.db)))) {
      await t.call(reporter, 'POST', '/api/reports', { starterId: starter.id, reason: 'spam' });
    }
    const sent = await send(asker, starter.id, owner, 'Buy now');
    await t.call(owner, 'POST', `/api/messages/${sent.json().id}/report`, { reason: 'spam' });
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
  });
});
