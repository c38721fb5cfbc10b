import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_SCREENED, REASON_SCREENED } from '../../../../common/conversations/handovers';
import type { Message } from '../../../../common/conversations/messages';
import {
  mailOutbox,
  pushOutbox,
  pushSubscriptions,
  reservationMailDue,
  starters,
  users,
} from '../../db/schema';
import { advanceClock, resetClock } from '../../clock/clock';
import {
  RESERVATION_CHANGES_PER_HOUR,
  RESERVATION_MERGE_MS,
  TOO_MANY_RESERVATION_CHANGES,
} from './handovers.service';
import { queueDueReservationMail, RESERVATION_MAILS_PER_HOUR } from './handover-mail';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  // Reservation mails wait no quiet period here: each test sends the due ones itself.
  t = await createTestApp({ MESSAGE_MAIL_DELAY_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;
const DAY = 86_400_000;

/** A member writes to the owner about the starter (as the Message dialog does). */
async function ask(
  member: Member,
  starterId: number,
  ownerId: string,
  content = 'May I have some?',
) {
  const res = await t.call(member, 'POST', '/api/messages', {
    starterId,
    receiverId: ownerId,
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function reply(owner: Member, starterId: number, to: string) {
  const res = await t.call(owner, 'POST', '/api/messages', {
    starterId,
    receiverId: to,
    content: 'Of course!',
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function thread(member: Member, starterId: number, other?: string): Promise<Message[]> {
  const q = other ? `?with=${other}` : '';
  const res = await t.call(member, 'GET', `/api/messages/starter/${starterId}${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const systemLines = (list: Message[], event?: string) =>
  list.filter((m) => m.kind === 'system' && (!event || m.system?.event === event));

async function setting(portions: number, overrides: Partial<typeof starters.$inferInsert> = {}) {
  const owner = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id, { portions, ...overrides });
  return { owner, starter };
}

const listing: Array<[string, string]> = [
  ['title', 'Kefir grains, lots of them'],
  ['description', 'Plump milk kefir grains that double every week.'],
  ['category', 'dairy'],
  ['subcategory', 'kefir'],
  ['starterType', 'Milk kefir grains'],
  ['location', 'Portland, Oregon'],
];

function postStarter(who: Member, extra: Array<[string, string]>) {
  const body = multipart([...listing, ...extra]);
  return t.app.inject({
    method: 'POST',
    url: '/api/starters',
    headers: { ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
}

describe('portions and hand-over mode on a listing', () => {
  it('takes portions, travel (repeated), postage, what to bring and how long it stays', async () => {
    const owner = await signedInMember(t.db);
    const res = await postStarter(owner, [
      ['portions', '2'],
      ['travel', 'pickup'],
      ['travel', 'post'],
      ['postage', 'recipient'],
      ['bring', 'A clean jar'],
      ['availableDays', '14'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      portions: 2,
      portionsLeft: 2,
      portionsReserved: 0,
      travel: ['pickup', 'post'],
      postage: 'recipient',
      bring: 'A clean jar',
      status: 'available',
    });
    const days = (Date.parse(body.availableUntil) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
  });

  it('defaults to one portion, pickup, 30 days', async () => {
    const owner = await signedInMember(t.db);
    const res = await postStarter(owner, []);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ portions: 1, travel: ['pickup'], postage: null, bring: null });
    expect((Date.parse(body.availableUntil) - Date.now()) / DAY).toBeCloseTo(30, 0);
  });

  it.each([
    ['portions 0', [['portions', '0']], 'portions'],
    ['portions 21', [['portions', '21']], 'portions'],
    ['an unknown way to travel', [['travel', 'boat']], 'travel'],
    ['post without postage', [['travel', 'post']], 'postage'],
    [
      'postage for pickup only',
      [
        ['travel', 'pickup'],
        ['postage', 'giver'],
      ],
      'postage',
    ],
    ['6 days', [['availableDays', '6']], 'availableDays'],
    ['91 days', [['availableDays', '91']], 'availableDays'],
    ['a long "bring"', [['bring', 'x'.repeat(121)]], 'bring'],
  ] as Array<[string, Array<[string, string]>, string]>)(
    'refuses %s with the field named, storing nothing',
    async (_name, extra, field) => {
      const owner = await signedInMember(t.db);
      const res = await postStarter(owner, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBeTruthy();
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(starters)
        .where(eq(starters.userId, owner.user.id));
      expect(row!.n).toBe(0);
    },
  );

  it('the owner adds portions later, only their own, at most 20 on offer', async () => {
    const { owner, starter } = await setting(1);
    const other = await signedInMember(t.db);
    const url = `/api/starters/${starter.id}/portions`;
    expect((await t.call(other, 'POST', url, { add: 2 })).statusCode).toBe(403);
    const res = await t.call(owner, 'POST', url, { add: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ portions: 3, portionsLeft: 3 });
    expect((await t.call(owner, 'POST', url, { add: 18 })).statusCode).toBe(400);
  });
});

describe('reservations', () => {
  it('the owner reserves for a member who asked; the thread shows it, live and unread', async () => {
    const { owner, starter } = await setting(3);
    const asker = await signedInMember(t.db);
    await ask(asker, starter.id, owner.user.id);
    const res = await t.call(owner, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: asker.user.id,
      at: '2026-11-28T10:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).toBeGreaterThan(0);
    const lines = systemLines(await thread(asker, starter.id), 'reserved');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.content).toMatch(/^Reserved for you — Saturday(, November 28 at)? 10:00 AM$/);
    expect(lines[0]!.system).toMatchObject({
      at: '2026-11-28T10:00',
      reservationId: res.json().id,
    });
    const unread = await t.call(asker, 'GET', '/api/messages/unread-count');
    expect(unread.json().count).toBe(1);
    const detail = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(detail).toMatchObject({ portionsLeft: 2, portionsReserved: 1, status: 'available' });
  });

  it('refuses a stranger, a member who never asked, the asker themselves and more than is left', async () => {
    const { owner, starter } = await setting(1);
    const a = await signedInMember(t.db);
    const b = await signedInMember(t.db);
    const silent = await signedInMember(t.db);
    await ask(a, starter.id, owner.user.id);
    await ask(b, starter.id, owner.user.id);
    const url = `/api/starters/${starter.id}/reservations`;
    expect((await t.call(null, 'POST', url, { memberId: a.user.id })).statusCode).toBe(401);
    // Reserving on someone else's starter.
    expect((await t.call(a, 'POST', url, { memberId: a.user.id })).statusCode).toBe(403);
    expect((await t.call(owner, 'POST', url, { memberId: silent.user.id })).statusCode).toBe(403);
    expect((await t.call(owner, 'POST', url, { memberId: owner.user.id })).statusCode).toBe(400);
    expect((await t.call(owner, 'POST', url, { memberId: a.user.id })).statusCode).toBe(201);
    const more = await t.call(owner, 'POST', url, { memberId: b.user.id });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/no portions left/i);
    expect((await t.call(owner, 'POST', url, { memberId: a.user.id })).statusCode).toBe(409);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row!.portionsReserved).toBe(1);
  });

  it('gives the last portion to exactly one of two reservations made at once', async () => {
    const { owner, starter } = await setting(1);
    const a = await signedInMember(t.db);
    const b = await signedInMember(t.db);
    await ask(a, starter.id, owner.user.id);
    await ask(b, starter.id, owner.user.id);
    const url = `/api/starters/${starter.id}/reservations`;
    const results = await Promise.all([
      t.call(owner, 'POST', url, { memberId: a.user.id }),
      t.call(owner, 'POST', url, { memberId: b.user.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row!.portionsReserved).toBe(1);
    const detail = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(detail.status).toBe('reserved');
  });

  it('the member backs out, the owner releases with a reason; nobody else can', async () => {
    const { owner, starter, a, b, ra, rb } = await twoReserved();
    expect((await t.call(b, 'DELETE', `/api/reservations/${ra}`)).statusCode).toBe(404);
    expect((await t.call(a, 'DELETE', `/api/reservations/${ra}`)).statusCode).toBe(204);
    expect((await t.call(a, 'DELETE', `/api/reservations/${ra}`)).statusCode).toBe(409);
    const released = await t.call(owner, 'DELETE', `/api/reservations/${rb}`, {
      reason: 'My grains need a rest',
    });
    expect(released.statusCode).toBe(204);
    const bLines = systemLines(await thread(b, starter.id), 'reservation_released');
    expect(bLines[0]!.content).toBe('Reservation released — My grains need a rest');
    const ownerView = await thread(owner, starter.id, a.user.id);
    expect(systemLines(ownerView, 'reservation_backed_out')).toHaveLength(1);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row!.portionsReserved).toBe(0);
  });
});

/** A starter of two portions, each reserved for one of two members who asked. */
async function twoReserved() {
  const { owner, starter } = await setting(2);
  const a = await signedInMember(t.db);
  const b = await signedInMember(t.db);
  await ask(a, starter.id, owner.user.id);
  await ask(b, starter.id, owner.user.id);
  const url = `/api/starters/${starter.id}/reservations`;
  const ra = (await t.call(owner, 'POST', url, { memberId: a.user.id })).json().id as number;
  const rb = (await t.call(owner, 'POST', url, { memberId: b.user.id })).json().id as number;
  return { owner, starter, a, b, ra, rb };
}

describe('reasons the other side reads', () => {
  it('refuses a release or back-out reason the rules would hold, and changes nothing', async () => {
    const { owner, starter, a, b, ra, rb } = await twoReserved();
    const released = await t.call(owner, 'DELETE', `/api/reservations/${ra}`, {
      reason: 'Ring me on O77OO/9OO/123 instead',
    });
    expect(released.statusCode).toBe(400);
    expect(released.json().message).toBe(REASON_SCREENED);
    const backedOut = await t.call(b, 'DELETE', `/api/reservations/${rb}`, {
      reason: 'I paid someone \u00a3\u200b15 on p\u0430yp\u0430l instead',
    });
    expect(backedOut.statusCode).toBe(400);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row!.portionsReserved).toBe(2);
    expect(systemLines(await thread(a, starter.id), 'reservation_released')).toHaveLength(0);
    expect(
      (await t.call(owner, 'DELETE', `/api/reservations/${ra}`, { reason: 'Grains resting' }))
        .statusCode,
    ).toBe(204);
  });
});

describe('hand-overs, confirmation and feedback', () => {
  it('marking a starter claimed (the spec PATCH) tells everyone who asked, once', async () => {
    const { owner, starter } = await setting(1);
    const [a, b] = [await signedInMember(t.db), await signedInMember(t.db)];
    for (const m of [a, b]) await ask(m, starter.id, owner.user.id);
    const claim = () => t.call(owner, 'PATCH', `/api/starters/${starter.id}`, { isClaimed: true });
    expect(
      (await t.call(a, 'PATCH', `/api/starters/${starter.id}`, { isClaimed: true })).statusCode,
    ).toBe(403);
    expect(systemLines(await thread(a, starter.id), 'found_new_home')).toHaveLength(0);

    const res = await claim();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isClaimed: true, status: 'claimed' });
    // Claiming again changes nothing and says nothing new.
    expect((await claim()).statusCode).toBe(200);
    for (const m of [a, b]) {
      const lines = systemLines(await thread(m, starter.id), 'found_new_home');
      expect(lines.map((l) => l.content)).toEqual([
        'This starter has found a new home — thank you for asking',
      ]);
    }
  });

  it('the story: reserve, back out, give, confirm, 👍, new-home lines once, summaries', async () => {
    const { owner, starter } = await setting(2);
    const [a, b, c] = [
      await signedInMember(t.db),
      await signedInMember(t.db),
      await signedInMember(t.db),
    ];
    for (const m of [a, b, c]) await ask(m, starter.id, owner.user.id);
    await reply(owner, starter.id, b.user.id);
    const url = `/api/starters/${starter.id}/reservations`;
    const ra = (
      await t.call(owner, 'POST', url, { memberId: a.user.id, at: '2026-11-28T10:00' })
    ).json().id;
    await t.call(owner, 'POST', url, { memberId: b.user.id, at: '2026-11-28T11:00' });
    expect((await t.call(a, 'DELETE', `/api/reservations/${ra}`)).statusCode).toBe(204);

    const give = `/api/starters/${starter.id}/handovers`;
    expect((await t.call(b, 'POST', give, { memberId: b.user.id })).statusCode).toBe(403);
    const toB = await t.call(owner, 'POST', give, { memberId: b.user.id });
    expect(toB.statusCode, toB.body).toBe(201);
    const handoverId = toB.json().id;
    let detail = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(detail).toMatchObject({ isClaimed: false, portionsLeft: 1, portionsReserved: 0 });
    expect(systemLines(await thread(c, starter.id), 'found_new_home')).toHaveLength(0);

    // The last portion, to someone not on CultureShare: the starter is claimed.
    expect((await t.call(owner, 'POST', give, { memberId: null })).statusCode).toBe(201);
    detail = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(detail).toMatchObject({ isClaimed: true, status: 'claimed', portionsLeft: 0 });
    expect((await t.call(owner, 'POST', give, { memberId: null })).statusCode).toBe(409);
    for (const m of [a, c]) {
      const lines = systemLines(await thread(m, starter.id), 'found_new_home');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.content).toBe('This starter has found a new home — thank you for asking');
    }
    expect(systemLines(await thread(b, starter.id), 'found_new_home')).toHaveLength(0);

    // Feedback waits for "Received".
    const fb = `/api/handovers/${handoverId}/feedback`;
    expect((await t.call(b, 'POST', fb, { rating: 'up' })).statusCode).toBe(409);
    // Only the recipient confirms.
    const confirm = `/api/handovers/${handoverId}/confirm`;
    expect((await t.call(c, 'POST', confirm, { received: true })).statusCode).toBe(404);
    expect((await t.call(owner, 'POST', confirm, { received: true })).statusCode).toBe(403);
    expect((await t.call(b, 'POST', confirm, { received: true })).statusCode).toBe(204);
    expect((await t.call(b, 'POST', confirm, { received: false })).statusCode).toBe(409);

    expect((await t.call(b, 'POST', fb, { rating: 'up', note: 'Lovely grains' })).statusCode).toBe(
      201,
    );
    expect((await t.call(b, 'POST', fb, { rating: 'up' })).statusCode).toBe(409);
    expect((await t.call(c, 'POST', fb, { rating: 'up' })).statusCode).toBe(404);
    const down = await t.call(owner, 'POST', fb, { rating: 'down' });
    expect(down.statusCode).toBe(400);
    expect(down.json().fields.reason).toBeTruthy();
    expect((await t.call(owner, 'POST', fb, { rating: 'down', reason: 'late' })).statusCode).toBe(
      201,
    );

    const ownerSummary = (await t.call(null, 'GET', `/api/users/${owner.user.id}/summary`)).json();
    expect(ownerSummary).toMatchObject({ given: 1, received: 0, thumbsUp: 1, thumbsDown: 0 });
    const bSummary = (await t.call(null, 'GET', `/api/users/${b.user.id}/summary`)).json();
    // The 👎 waits 48 hours before it counts (fair-feedback.test.ts).
    expect(bSummary).toMatchObject({ given: 0, received: 1, thumbsUp: 0, thumbsDown: 0 });

    const mine = (await t.call(b, 'GET', '/api/me/handovers')).json();
    expect(mine.received).toHaveLength(1);
    expect(mine.received[0]).toMatchObject({
      status: 'received',
      at: '2026-11-28T11:00',
      myFeedback: 'up',
      canLeaveFeedback: false,
    });
    const activity = (await t.call(owner, 'GET', '/api/me/starter-activity')).json();
    expect(activity[0]).toMatchObject({
      starterId: starter.id,
      status: 'claimed',
      offSiteHandovers: 1,
    });
    expect(activity[0].askers.map((x: { user: { id: string } }) => x.user.id)).toEqual([
      a.user.id,
      b.user.id,
      c.user.id,
    ]);
  });

  it('feedback reaches its reader: a line in their thread and a bell item, in their language', async () => {
    const owner = await signedInMember(t.db, { username: null, firstName: 'Gil', language: 'de' });
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Rye sourdough' });
    const bea = await signedInMember(t.db, { username: null, firstName: 'Bea' });
    await ask(bea, starter.id, owner.user.id);
    await reply(owner, starter.id, bea.user.id);
    const id = (
      await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, {
        memberId: bea.user.id,
      })
    ).json().id;
    expect(
      (await t.call(bea, 'POST', `/api/handovers/${id}/confirm`, { received: true })).statusCode,
    ).toBe(204);
    const before = (await t.call(owner, 'GET', '/api/notifications')).json().unread;
    // A note the rules would hold never reaches the owner: refused, nothing kept, as a reason is.
    const screened = await t.call(bea, 'POST', `/api/handovers/${id}/feedback`, {
      rating: 'up',
      note: 'Thanks! Ring me on O77OO/9OO/123 for more',
    });
    expect(screened.statusCode).toBe(400);
    expect(screened.json().message).toBe(NOTE_SCREENED);
    expect(systemLines(await thread(owner, starter.id, bea.user.id), 'feedback_left')).toEqual([]);
    expect((await t.call(owner, 'GET', '/api/notifications')).json().unread).toBe(before);
    const sent = await t.call(bea, 'POST', `/api/handovers/${id}/feedback`, {
      rating: 'up',
      note: 'Lovely grains, thank you',
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // The owner reads it in German, in the conversation and in the bell.
    const [line] = systemLines(await thread(owner, starter.id, bea.user.id), 'feedback_left');
    expect(line?.content).toBe('👍 Bea sagt, die Übergabe lief gut: „Lovely grains, thank you“');
    const bell = (await t.call(owner, 'GET', '/api/notifications')).json();
    expect(bell.unread).toBe(before + 1);
    expect(bell.notifications[0]).toMatchObject({
      kind: 'handover',
      title: 'Bea hat eine Rückmeldung zu Rye sourdough hinterlassen',
      body: '👍 Bea sagt, die Übergabe lief gut: „Lovely grains, thank you“',
      url: `/messages?starter=${starter.id}&with=${bea.user.id}`,
    });
    // The writer sees what they said, in their own voice.
    const [mine] = systemLines(await thread(bea, starter.id), 'feedback_left');
    expect(mine?.content).toBe(
      '👍 You told Gil the hand-over went well: “Lovely grains, thank you”',
    );

    // 👎 without a note: the line says so, and when it will count unless withdrawn.
    const back = await t.call(owner, 'POST', `/api/handovers/${id}/feedback`, {
      rating: 'down',
      reason: 'late',
    });
    expect(back.statusCode, back.body).toBe(201);
    const lines = systemLines(await thread(bea, starter.id), 'feedback_left');
    expect(lines.at(-1)?.content).toMatch(
      /^👎 Gil says the hand-over did not go well\. It counts from .+ unless they withdraw it$/,
    );
  });

  it('refuses feedback between members who did not both write', async () => {
    const { owner, starter } = await setting(1);
    const a = await signedInMember(t.db);
    await ask(a, starter.id, owner.user.id);
    const id = (
      await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, { memberId: a.user.id })
    ).json().id;
    expect(
      (await t.call(a, 'POST', `/api/handovers/${id}/confirm`, { received: true })).statusCode,
    ).toBe(204);
    const res = await t.call(a, 'POST', `/api/handovers/${id}/feedback`, { rating: 'up' });
    expect(res.statusCode).toBe(403);
    expect((await t.call(null, 'GET', `/api/users/${owner.user.id}/summary`)).json().thumbsUp).toBe(
      0,
    );
  });

  it('"It didn\'t happen" gives the portion back to the listing', async () => {
    const { owner, starter } = await setting(2);
    const a = await signedInMember(t.db);
    await ask(a, starter.id, owner.user.id);
    const id = (
      await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, { memberId: a.user.id })
    ).json().id;
    expect((await t.call(a, 'GET', '/api/me/notices')).json()).toContainEqual(
      expect.objectContaining({ kind: 'confirm_handover', handoverId: id }),
    );
    await t.call(a, 'POST', `/api/handovers/${id}/confirm`, { received: false });
    const detail = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(detail.portionsLeft).toBe(2);
    expect((await t.call(null, 'GET', `/api/users/${a.user.id}/summary`)).json().received).toBe(0);
  });

  it('the bell item asking "Did it reach you?" stops asking once the member answers', async () => {
    const { owner, starter } = await setting(3);
    const a = await signedInMember(t.db);
    await ask(a, starter.id, owner.user.id);
    const give = async () =>
      (
        await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, {
          memberId: a.user.id,
        })
      ).json().id as number;
    type Item = { id: number; kind: string; title: string; body: string; readAt: string | null };
    const bell = async () => {
      const page = (await t.call(a, 'GET', '/api/notifications')).json();
      return {
        unread: page.unread as number,
        items: (page.notifications as Item[]).filter((n) => n.kind === 'handover'),
      };
    };
    const first = await give();
    const second = await give();
    const before = await bell();
    expect(before.items).toHaveLength(2);
    for (const item of before.items) {
      expect(item.title).toMatch(/ gave you .+\. Did it reach you\?$/);
      expect(item.body).toBe('Tap Received once you have it.');
      expect(item.readAt).toBeNull();
    }
    const name = before.items[0]!.title.split(' gave you ')[0];

    // One answer settles one item; the other hand-over still waits, so one still asks.
    expect(
      (await t.call(a, 'POST', `/api/handovers/${first}/confirm`, { received: true })).statusCode,
    ).toBe(204);
    const once = await bell();
    expect(once.unread).toBe(before.unread - 1);
    expect(once.items.map((n) => n.title).sort()).toEqual(
      [
        `${name} gave you ${starter.title}. Did it reach you?`,
        `You received ${starter.title} from ${name}`,
      ].sort(),
    );
    const settled = once.items.find((n) => n.title.startsWith('You received'))!;
    expect(settled.body).toBe('');
    expect(settled.readAt).not.toBeNull();

    expect(
      (await t.call(a, 'POST', `/api/handovers/${second}/confirm`, { received: false })).statusCode,
    ).toBe(204);
    const after = await bell();
    expect(after.unread).toBe(before.unread - 2);
    expect(after.items.map((n) => n.title).sort()).toEqual(
      [
        `You received ${starter.title} from ${name}`,
        `You said ${starter.title} from ${name} didn't reach you`,
      ].sort(),
    );
    expect(after.items.every((n) => n.body === '' && n.readAt !== null)).toBe(true);
  });

  it("refuses a hand-over on someone else's starter and to a member who never asked", async () => {
    const { owner, starter } = await setting(1);
    const a = await signedInMember(t.db);
    const url = `/api/starters/${starter.id}/handovers`;
    expect((await t.call(a, 'POST', url, { memberId: null })).statusCode).toBe(403);
    expect((await t.call(owner, 'POST', url, { memberId: a.user.id })).statusCode).toBe(403);
  });

  it('refuses a hand-over between members where either blocked the other, as reserving does', async () => {
    for (const blocker of ['owner', 'asker'] as const) {
      const { owner, starter } = await setting(1);
      const asker = await signedInMember(t.db);
      await ask(asker, starter.id, owner.user.id);
      const [who, whom] = blocker === 'owner' ? [owner, asker] : [asker, owner];
      expect((await t.call(who, 'PUT', `/api/blocks/${whom.user.id}`)).statusCode).toBe(204);
      const url = `/api/starters/${starter.id}/handovers`;
      const given = await t.call(owner, 'POST', url, { memberId: asker.user.id });
      expect(given.statusCode, blocker).toBe(403);
      const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
      expect(row!.portionsGiven, blocker).toBe(0);
    }
  });
});

describe('member summary', () => {
  it('counts replies and never shows an email or contact info', async () => {
    const { owner, starter } = await setting(1);
    await t.db
      .update(users)
      .set({ contactInfo: 'call 555-0100' })
      .where(eq(users.id, owner.user.id));
    const a = await signedInMember(t.db);
    const b = await signedInMember(t.db);
    await ask(a, starter.id, owner.user.id);
    await ask(b, starter.id, owner.user.id);
    await reply(owner, starter.id, a.user.id);
    const res = await t.call(null, 'GET', `/api/users/${owner.user.id}/summary`);
    expect(res.statusCode).toBe(200);
    // Both questions are minutes old: too new to count against the rate (reply-rate.test.ts).
    expect(res.json()).toMatchObject({ replyRate: null, typicalReplyMinutes: 0 });
    expect(res.body).not.toContain(owner.user.email);
    expect(res.body).not.toContain('555-0100');
  });

  it('answers 404 for an unknown or banned member', async () => {
    const banned = await signedInMember(t.db, { bannedAt: new Date() });
    expect((await t.call(null, 'GET', `/api/users/${banned.user.id}/summary`)).statusCode).toBe(
      404,
    );
    expect((await t.call(null, 'GET', '/api/users/nobody/summary')).statusCode).toBe(404);
  });
});

describe('reservation mail', () => {
  /** The mails queued to `email`, once the due reservation mails are out. */
  const mailTo = async (email: string) => {
    await queueDueReservationMail({ db: t.db, config: t.config });
    return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  };

  it('reserving and releasing in a loop sends one mail of the outcome, a few an hour at most', async () => {
    const owner = await signedInMember(t.db, { username: null, firstName: 'Loop' });
    const asker = await signedInMember(t.db);
    const reserveUrl = (id: number) => `/api/starters/${id}/reservations`;
    // Within one quiet period: reserve, release, reserve, release … then reserve.
    const first = await createStarterRow(t.db, owner.user.id, { portions: 2 });
    await ask(asker, first.id, owner.user.id);
    for (let i = 0; i < RESERVATION_CHANGES_PER_HOUR / 2; i++) {
      const held = await t.call(owner, 'POST', reserveUrl(first.id), { memberId: asker.user.id });
      expect(held.statusCode, held.body).toBe(201);
      const gone = await t.call(owner, 'DELETE', `/api/reservations/${held.json().id}`, {
        reason: 'Plans changed, sorry',
      });
      expect(gone.statusCode).toBe(204);
    }
    // Reserved and released again before the mail was due: nothing to tell.
    expect(await mailTo(asker.user.email)).toHaveLength(0);

    // Over many listings, one member gets at most a few mails an hour; the rest wait.
    for (let i = 0; i < 8; i++) {
      const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
      await ask(asker, starter.id, owner.user.id);
      const held = await t.call(owner, 'POST', reserveUrl(starter.id), {
        memberId: asker.user.id,
      });
      expect(held.statusCode).toBe(201);
    }
    expect(await mailTo(asker.user.email)).toHaveLength(RESERVATION_MAILS_PER_HOUR);
    const waiting = await t.db
      .select()
      .from(reservationMailDue)
      .where(eq(reservationMailDue.receiverId, asker.user.id));
    expect(waiting).toHaveLength(8 - RESERVATION_MAILS_PER_HOUR);
  });

  it('a burst of reserving and releasing is cut off, and rings one bell item and one push', async () => {
    const owner = await signedInMember(t.db, { username: null, firstName: 'Burst' });
    const asker = await signedInMember(t.db, { reservationPush: true });
    const [device] = await t.db
      .insert(pushSubscriptions)
      .values({
        userId: asker.user.id,
        endpoint: `https://push.example/burst-${asker.user.id}`,
        p256dh: 'key',
        auth: 'auth',
      })
      .returning({ id: pushSubscriptions.id });
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
    await ask(asker, starter.id, owner.user.id);
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) {
      const held = await t.call(owner, 'POST', `/api/starters/${starter.id}/reservations`, {
        memberId: asker.user.id,
      });
      codes.push(held.statusCode);
      if (held.statusCode !== 201) continue;
      const gone = await t.call(owner, 'DELETE', `/api/reservations/${held.json().id}`, {
        reason: `Changed my mind, round ${i}`,
      });
      codes.push(gone.statusCode);
    }
    expect(codes.filter((c) => c === 201 || c === 204)).toHaveLength(RESERVATION_CHANGES_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(15 - RESERVATION_CHANGES_PER_HOUR / 2);
    const refused = await t.call(owner, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: asker.user.id,
    });
    expect(refused.json().message).toBe(TOO_MANY_RESERVATION_CHANGES);

    // One bell item, saying where it stands now; one push waiting for the device.
    const bell = (await t.call(asker, 'GET', '/api/notifications')).json();
    const items = bell.notifications as Array<{ body: string | null }>;
    expect(items).toHaveLength(1);
    expect(items[0]!.body).toContain(`round ${RESERVATION_CHANGES_PER_HOUR / 2 - 1}`);
    const pushes = await t.db
      .select({ payload: pushOutbox.payload })
      .from(pushOutbox)
      .where(eq(pushOutbox.subscriptionId, device!.id));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toContain(`round ${RESERVATION_CHANGES_PER_HOUR / 2 - 1}`);

    // Another listing, or after the window, is news of its own.
    advanceClock(RESERVATION_MERGE_MS + 1000);
    try {
      const again = await createStarterRow(t.db, owner.user.id, { portions: 2 });
      await ask(asker, again.id, owner.user.id);
      const held = await t.call(owner, 'POST', `/api/starters/${again.id}/reservations`, {
        memberId: asker.user.id,
      });
      expect(held.statusCode).toBe(201);
      const after = (await t.call(asker, 'GET', '/api/notifications')).json();
      expect(after.notifications as unknown[]).toHaveLength(2);
    } finally {
      resetClock();
    }
  });

  it("quotes the owner's words as plain text: no address in them becomes a link", async () => {
    const owner = await signedInMember(t.db, { username: null, firstName: 'visit.evil.example' });
    const starter = await createStarterRow(t.db, owner.user.id, {
      portions: 2,
      title: 'Kefir at www.evil.example',
    });
    const asker = await signedInMember(t.db);
    await ask(asker, starter.id, owner.user.id);
    const held = await t.call(owner, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: asker.user.id,
    });
    await queueDueReservationMail({ db: t.db, config: t.config });
    // A reason carrying a link or an address is refused before it reaches a mail (screening
    // tests); the owner's name and the title still carry addresses.
    await t.call(owner, 'DELETE', `/api/reservations/${held.json().id}`, {
      reason: 'Sorry, the jar went to a neighbour',
    });
    const mails = await mailTo(asker.user.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.textBody, mail.htmlBody]) {
        expect(part).not.toMatch(/evil\.example|https:\/\/evil|www\.evil/);
      }
      expect(mail.htmlBody).not.toMatch(/<a [^>]*evil/);
    }
    // Still readable: only invisible breaks were added.
    expect(mails[0]!.textBody.replace(/\u200b/g, '')).toContain('www.evil.example');
    expect(mails[1]!.textBody).toContain('Sorry, the jar went to a neighbour');
  });

  it('mails the member when the owner reserves and when the owner releases, escaped', async () => {
    const owner = await signedInMember(t.db, { username: null, firstName: '<b>Ana</b>' });
    const starter = await createStarterRow(t.db, owner.user.id, {
      portions: 2,
      title: 'Kefir & <i>friends</i>',
    });
    const asker = await signedInMember(t.db);
    await ask(asker, starter.id, owner.user.id);
    const res = await t.call(owner, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: asker.user.id,
      at: '2026-11-28T10:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [reserved, ...none] = await mailTo(asker.user.email);
    expect(none).toHaveLength(0);
    expect(reserved!.subject).toBe('<b>Ana</b> reserved Kefir & <i>friends</i> for you');
    expect(reserved!.textBody).toMatch(/Reserved for you — Saturday(, November 28 at)? 10:00 AM/);
    expect(reserved!.textBody).toContain(`/messages?starter=${starter.id}&with=${owner.user.id}`);
    expect(reserved!.htmlBody).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(reserved!.htmlBody).not.toContain('<i>friends</i>');
    expect(reserved!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(
        /\/api\/mail\/unsubscribe\/[0-9a-f]{32}\/reservations>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const gone = await t.call(owner, 'DELETE', `/api/reservations/${res.json().id}`, {
      reason: 'Grains need a rest',
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const after = await mailTo(asker.user.email);
    expect(after).toHaveLength(2);
    const released = after.find((m) => m.id !== reserved!.id)!;
    expect(released.subject).toMatch(/released the reservation/);
    expect(released.textBody).toContain('Reservation released — Grains need a rest');
    // The owner gets no mail for their own action.
    expect(await mailTo(owner.user.email)).toHaveLength(0);
  });

  it('sends nothing when the member backs out, turned reservation mail off or is suspended', async () => {
    const { owner, starter } = await setting(3);
    const quiet = await signedInMember(t.db, { reservationMail: 'off' });
    const suspended = await signedInMember(t.db);
    const leaving = await signedInMember(t.db);
    for (const m of [quiet, suspended, leaving]) await ask(m, starter.id, owner.user.id);
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + DAY) })
      .where(eq(users.id, suspended.user.id));
    const url = `/api/starters/${starter.id}/reservations`;
    const ids: Record<string, number> = {};
    for (const m of [quiet, suspended, leaving]) {
      const res = await t.call(owner, 'POST', url, { memberId: m.user.id });
      expect(res.statusCode, res.body).toBe(201);
      ids[m.user.id] = res.json().id;
    }
    expect(await mailTo(quiet.user.email)).toHaveLength(0);
    expect(await mailTo(suspended.user.email)).toHaveLength(0);
    expect(await mailTo(leaving.user.email)).toHaveLength(1);
    const back = await t.call(leaving, 'DELETE', `/api/reservations/${ids[leaving.user.id]}`, {});
    expect(back.statusCode, back.body).toBe(204);
    expect(await mailTo(leaving.user.email)).toHaveLength(1);
    expect(await mailTo(owner.user.email)).toHaveLength(0);
  });

  it('queues no mail when the reservation is refused', async () => {
    const { owner, starter } = await setting(1);
    const a = await signedInMember(t.db);
    const b = await signedInMember(t.db);
    await ask(a, starter.id, owner.user.id);
    await ask(b, starter.id, owner.user.id);
    const url = `/api/starters/${starter.id}/reservations`;
    expect((await t.call(owner, 'POST', url, { memberId: a.user.id })).statusCode).toBe(201);
    expect((await t.call(owner, 'POST', url, { memberId: b.user.id })).statusCode).toBe(409);
    expect(await mailTo(b.user.email)).toHaveLength(0);
  });
});
