import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkin } from '../../../../common/cultures/checkins';
import { displayName } from '../../../../common/members/display';
import type { Message } from '../../../../common/conversations/messages';
import { checkins, handovers, mailOutbox, users } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { advanceClock, resetClock } from '../../clock/clock';
import { queueCheckinMails } from './checkin-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;
const DAY = 86_400_000;

async function ok<T>(who: Member, method: string, url: string, payload?: unknown): Promise<T> {
  const res = await t.call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.body ? (res.json() as T) : (undefined as T);
}

/** A member asks the owner, is given a portion, and answers "Received" (or not), via the API. */
async function handOver({ received = true, title = 'Lively kefir grains' } = {}) {
  const giver = await signedInMember(t.db);
  const recipient = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, giver.user.id, { title, portions: 2 });
  await ok(recipient, 'POST', '/api/messages', {
    starterId: starter.id,
    receiverId: giver.user.id,
    content: 'May I have some?',
  });
  const { id } = await ok<{ id: number }>(giver, 'POST', `/api/starters/${starter.id}/handovers`, {
    memberId: recipient.user.id,
  });
  await ok(recipient, 'POST', `/api/handovers/${id}/confirm`, { received });
  return { giver, recipient, starter, handoverId: id };
}

/** Moves the check-ins of a hand-over up to `day` into the past, as time passing would. */
async function comeDue(handoverId: number, upToDay: number) {
  await t.db
    .update(checkins)
    .set({ dueAt: sql`now() - interval '1 minute'` })
    .where(and(eq(checkins.handoverId, handoverId), sql`${checkins.day} <= ${upToDay}`));
}

const due = (who: Member) => ok<Checkin[]>(who, 'GET', '/api/checkins');
const rowsOf = (handoverId: number) =>
  t.db.select().from(checkins).where(eq(checkins.handoverId, handoverId)).orderBy(checkins.day);

async function threadLines(who: Member, starterId: number, other: string) {
  const list = await ok<Message[]>(who, 'GET', `/api/messages/starter/${starterId}?with=${other}`);
  return list.filter((m) => m.kind === 'system' && m.system?.event === 'checkin_answered');
}

describe('check-ins after a confirmed hand-over', () => {
  it('confirming "Received" makes day 1, 3 and 7 check-ins, none due yet', async () => {
    const { recipient, handoverId } = await handOver();
    const [handover] = await t.db.select().from(handovers).where(eq(handovers.id, handoverId));
    const rows = await rowsOf(handoverId);
    expect(rows.map((r) => r.day)).toEqual([1, 3, 7]);
    for (const r of rows) {
      expect(r.dueAt.getTime() - handover!.confirmedAt!.getTime()).toBe(r.day * DAY);
      expect(r.answer).toBeNull();
    }
    expect(await due(recipient)).toEqual([]);
  });

  it('asks day 1 once the server clock has passed a day, and day 3 two days on', async () => {
    const { recipient } = await handOver({ title: 'Clockwork kefir' });
    try {
      advanceClock(DAY - 60_000);
      expect(await due(recipient)).toEqual([]);
      advanceClock(60_000);
      expect((await due(recipient)).map((c) => c.day)).toEqual([1]);
      advanceClock(2 * DAY);
      expect((await due(recipient)).map((c) => c.day)).toEqual([3]);
    } finally {
      resetClock();
    }
  });

  it('"It didn\'t happen" and a hand-over not yet confirmed make none', async () => {
    const { recipient, handoverId } = await handOver({ received: false });
    expect(await rowsOf(handoverId)).toEqual([]);
    const giver = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, giver.user.id);
    await ok(recipient, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: giver.user.id,
      content: 'Hello!',
    });
    const given = await ok<{ id: number }>(giver, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: recipient.user.id,
    });
    expect(await rowsOf(given.id)).toEqual([]);
    expect(await due(recipient)).toEqual([]);
  });

  it('asks the latest due one only: day 3 supersedes day 1, answering ends the earlier', async () => {
    const { recipient, giver, starter, handoverId } = await handOver({ title: 'Rye sourdough' });
    await comeDue(handoverId, 1);
    const [day1, ...more] = await due(recipient);
    expect(more).toEqual([]);
    expect(day1).toMatchObject({
      day: 1,
      handoverId,
      answer: null,
      starter: { id: starter.id, title: 'Rye sourdough' },
      giver: { id: giver.user.id, username: giver.user.username },
    });

    await comeDue(handoverId, 3);
    expect((await due(recipient)).map((c) => c.day)).toEqual([3]);
    const day3 = (await due(recipient))[0]!;
    await ok(recipient, 'POST', `/api/checkins/${day3.id}`, { answer: 'slow' });
    // Day 1 was never answered, but it is over: nothing is asked until day 7.
    expect(await due(recipient)).toEqual([]);

    await comeDue(handoverId, 7);
    expect((await due(recipient)).map((c) => c.day)).toEqual([7]);
    // The giver has nothing to answer.
    expect(await due(giver)).toEqual([]);
  });

  it('only the recipient may answer; others get 404, bad input changes nothing', async () => {
    const { recipient, giver, handoverId } = await handOver();
    await comeDue(handoverId, 1);
    const [checkin] = await due(recipient);
    const stranger = await signedInMember(t.db);
    for (const who of [giver, stranger]) {
      const res = await t.call(who, 'POST', `/api/checkins/${checkin!.id}`, { answer: 'thriving' });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.call(null, 'POST', `/api/checkins/${checkin!.id}`, {})).statusCode).toBe(401);
    expect((await t.call(null, 'GET', '/api/checkins')).statusCode).toBe(401);
    const bad = await t.call(recipient, 'POST', `/api/checkins/${checkin!.id}`, { answer: 'meh' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose how it is doing/);
    expect((await t.call(recipient, 'POST', '/api/checkins/abc', {})).statusCode).toBe(400);
    expect(
      (await t.call(recipient, 'POST', '/api/checkins/999999999', { answer: 'slow' })).statusCode,
    ).toBe(404);
    expect((await rowsOf(handoverId)).every((r) => r.answer === null)).toBe(true);
    expect(await due(recipient)).toHaveLength(1);

    // Day 3 is not due yet: it cannot be answered ahead of time.
    const day3 = (await rowsOf(handoverId)).find((r) => r.day === 3)!;
    const early = await t.call(recipient, 'POST', `/api/checkins/${day3.id}`, { answer: 'slow' });
    expect(early.statusCode).toBe(409);
  });

  it('"Thriving" tells the giver in the thread and ends the check-ins', async () => {
    const { recipient, giver, starter, handoverId } = await handOver();
    await comeDue(handoverId, 1);
    const [checkin] = await due(recipient);
    const answered = await ok<Checkin>(recipient, 'POST', `/api/checkins/${checkin!.id}`, {
      answer: 'thriving',
    });
    expect(answered).toMatchObject({ id: checkin!.id, handoverId, answer: 'thriving' });
    expect(answered.answeredAt).not.toBeNull();

    const lines = await threadLines(giver, starter.id, recipient.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.content).toBe(`${displayName(recipient.user)} says the culture is thriving`);
    expect(lines[0]).toMatchObject({ receiverId: giver.user.id, isRead: false });
    expect(lines[0]!.system?.handoverId).toBe(handoverId);

    // It woke up: day 3 and day 7 are not asked.
    await comeDue(handoverId, 7);
    expect(await due(recipient)).toEqual([]);
  });

  it('answering twice: the same answer changes nothing, another one is refused', async () => {
    const { recipient, giver, starter, handoverId } = await handOver();
    await comeDue(handoverId, 1);
    const [checkin] = await due(recipient);
    const url = `/api/checkins/${checkin!.id}`;
    const [first, second] = await Promise.all([
      t.call(recipient, 'POST', url, { answer: 'worried' }),
      t.call(recipient, 'POST', url, { answer: 'worried' }),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(second!.json().answeredAt).toBe(first!.json().answeredAt);
    const other = await t.call(recipient, 'POST', url, { answer: 'thriving' });
    expect(other.statusCode).toBe(409);
    const lines = await threadLines(giver, starter.id, recipient.user.id);
    expect(lines.map((l) => l.content)).toEqual([
      `${displayName(recipient.user)} says the culture hasn't woken up yet — a tip from you may help`,
    ]);
    expect((await rowsOf(handoverId)).find((r) => r.day === 1)!.answer).toBe('worried');
  });

  it('is not asked once the thread is hidden (the giver was banned)', async () => {
    const { recipient, giver, handoverId } = await handOver();
    await comeDue(handoverId, 1);
    const [checkin] = await due(recipient);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, giver.user.id));
    expect(await due(recipient)).toEqual([]);
    const res = await t.call(recipient, 'POST', `/api/checkins/${checkin!.id}`, {
      answer: 'thriving',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('check-in mail', () => {
  const mailTo = (email: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  it('mails the due check-in once, even with two server copies sweeping at once', async () => {
    const { recipient, giver, handoverId } = await handOver({ title: 'Kombucha SCOBY' });
    await comeDue(handoverId, 1);
    await Promise.all([
      queueCheckinMails({ db: t.db, config: t.config }),
      queueCheckinMails({ db: t.db, config: t.config }),
    ]);
    await queueCheckinMails({ db: t.db, config: t.config });
    const mails = await mailTo(recipient.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Did Kombucha SCOBY wake up?');
    expect(mails[0]!.textBody).toContain(`from ${displayName(giver.user)}`);
    // Each answer is its own link: one click from the mail (decision 055).
    expect(mails[0]!.textBody).toMatch(
      /Thriving: http\S+\/check-in\/\d+\/thriving\?key=[0-9a-f]{32}/,
    );
    expect(mails[0]!.textBody).toMatch(/\/check-in\/\d+\/slow\?key=/);
    expect(mails[0]!.textBody).toMatch(/\/check-in\/\d+\/worried\?key=/);
    expect(mails[0]!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/\/checkins>$/),
    });
    expect(await mailTo(giver.user.email)).toHaveLength(0);

    // Day 3 and day 7 come due together: only day 7, the one asked, is mailed.
    await comeDue(handoverId, 7);
    await queueCheckinMails({ db: t.db, config: t.config });
    const after = await mailTo(recipient.user.email);
    expect(after).toHaveLength(2);
    expect(after.filter((m) => /a week since/.test(m.textBody))).toHaveLength(1);
  });

  it('sends nothing once answered or with check-in mail off; message mail off is no matter', async () => {
    const answered = await handOver();
    await comeDue(answered.handoverId, 1);
    const [checkin] = await due(answered.recipient);
    await ok(answered.recipient, 'POST', `/api/checkins/${checkin!.id}`, { answer: 'thriving' });

    const quiet = await handOver();
    await t.db
      .update(users)
      .set({ checkinMail: 'off' })
      .where(eq(users.id, quiet.recipient.user.id));
    await comeDue(quiet.handoverId, 1);
    const noMessages = await handOver();
    await t.db
      .update(users)
      .set({ messageMail: 'off' })
      .where(eq(users.id, noMessages.recipient.user.id));
    await comeDue(noMessages.handoverId, 1);

    await queueCheckinMails({ db: t.db, config: t.config });
    expect(await mailTo(answered.recipient.user.email)).toHaveLength(0);
    expect(await mailTo(quiet.recipient.user.email)).toHaveLength(0);
    expect(await mailTo(noMessages.recipient.user.email)).toHaveLength(1);
    // Marked all the same: turning mail back on later does not bring an old check-in's mail.
    await t.db
      .update(users)
      .set({ checkinMail: 'immediately' })
      .where(eq(users.id, quiet.recipient.user.id));
    await queueCheckinMails({ db: t.db, config: t.config });
    expect(await mailTo(quiet.recipient.user.email)).toHaveLength(0);
  });
});

describe('answering from the mail (decision 055)', () => {
  it("the mailed link's page changes nothing; its one button answers without a sign-in", async () => {
    const { recipient, giver, starter, handoverId } = await handOver({ title: 'Rye sourdough' });
    await comeDue(handoverId, 1);
    const [checkin] = await due(recipient);
    const key = recipient.user.mailKey;
    const url = `/api/checkins/${checkin!.id}/mail`;

    const shown = await t.app.inject({ method: 'GET', url: `${url}?key=${key}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ answer: null, starter: { title: 'Rye sourdough' } });
    expect((await rowsOf(handoverId))[0]!.answer).toBeNull();

    const wrongKey = 'f'.repeat(32);
    expect((await t.app.inject({ method: 'GET', url: `${url}?key=${wrongKey}` })).statusCode).toBe(
      404,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url,
      payload: { key: giver.user.mailKey, answer: 'thriving' },
    });
    expect(refused.statusCode).toBe(404);
    expect((await rowsOf(handoverId))[0]!.answer).toBeNull();

    const answered = await t.app.inject({
      method: 'POST',
      url,
      payload: { key, answer: 'thriving' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().answer).toBe('thriving');
    expect(await threadLines(giver, starter.id, recipient.user.id)).toHaveLength(1);
  });
});
