import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ASK_NOT_YOURS, ASK_UNKNOWN_PLACE } from '../../../../common/listings/asks';
import { advanceClock, now, resetClock } from '../../clock/clock';
import { alerts, askAnswers, asks, checkins, mailOutbox, messages } from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  zoneWhereItIs,
  type TestApp,
} from '../../test/app';
import { queueDueAlertMail } from '../alerts/alert-mail';
import { announceNewListings } from '../alerts/announce';
import { locate } from '../places/places.service';
import { queueAskMails } from './ask-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://share.example' });
});
afterAll(async () => t?.close());
afterEach(() => resetClock());

const DAY = 86_400_000;
const LEEDS = 'Leeds, England, United Kingdom';
const leeds = () => locate(LEEDS)!;
const kefirAsk = { category: 'dairy', subcategory: 'kefir', location: LEEDS };

type Member = Awaited<ReturnType<typeof signedInMember>>;
const postAsk = async (who: Member, body: Record<string, unknown> = kefirAsk) => {
  const res = await t.call(who, 'POST', '/api/asks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const mailTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
/** A member with an open kefir listing in Leeds: someone "Could you help?" reaches. */
const kefirKeeper = async (overrides = {}) => {
  const member = await signedInMember(t.db, overrides);
  const starter = await createStarterRow(t.db, member.user.id, {
    location: LEEDS,
    latitude: leeds().latitude,
    longitude: leeds().longitude,
  });
  return { ...member, starter };
};
const runJob = () => queueAskMails({ db: t.db, config: t.config });

describe('asks API', () => {
  it('posts, lists with filters, shows, closes, renews and deletes (owner only)', async () => {
    const asker = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const id = await postAsk(asker, { ...kefirAsk, search: 'milk kefir', note: 'For my mum' });

    const one = await t.call(null, 'GET', `/api/asks/${id}`);
    expect(one.statusCode).toBe(200);
    const ask = one.json();
    expect(ask).toMatchObject({
      id,
      category: 'dairy',
      subcategory: 'kefir',
      search: 'milk kefir',
    });
    expect(ask.note).toBe('For my mum');
    expect(ask.user.id).toBe(asker.user.id);
    expect(ask.user.email).toBeUndefined();
    // Thirty days by default.
    const days = (Date.parse(ask.expiresAt) - Date.parse(ask.createdAt)) / DAY;
    expect(Math.round(days)).toBe(30);

    const listed = (q: string) =>
      t
        .call(null, 'GET', `/api/asks?${q}`)
        .then((r) => r.json().asks.map((a: { id: number }) => a.id));
    expect(await listed('category=dairy')).toContain(id);
    expect(await listed('category=grain')).not.toContain(id);
    expect(await listed('subcategory=kefir&search=milk')).toContain(id);
    expect(await listed('search=sourdough')).not.toContain(id);
    expect(await listed('location=leeds')).toContain(id);
    const page = (await t.call(null, 'GET', '/api/asks?limit=1')).json();
    expect(page.asks).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);

    for (const [method, url] of [
      ['POST', `/api/asks/${id}/close`],
      ['POST', `/api/asks/${id}/renew`],
      ['DELETE', `/api/asks/${id}`],
    ] as const) {
      const refused = await t.call(other, method, url, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(ASK_NOT_YOURS);
      expect((await t.call(null, method, url)).statusCode).toBe(401);
    }

    const closed = await t.call(asker, 'POST', `/api/asks/${id}/close`, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json().closedAt).not.toBeNull();
    expect(await listed('category=dairy')).not.toContain(id);
    expect((await t.call(other, 'GET', `/api/asks/${id}`)).statusCode).toBe(404);
    expect((await t.call(asker, 'GET', `/api/asks/${id}`)).statusCode).toBe(200);

    const renewed = await t.call(asker, 'POST', `/api/asks/${id}/renew`, { days: 7 });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().closedAt).toBeNull();
    expect(await listed('category=dairy')).toContain(id);
    expect(
      (await t.call(asker, 'GET', '/api/asks/my')).json().map((a: { id: number }) => a.id),
    ).toContain(id);

    advanceClock(8 * DAY);
    expect(await listed('category=dairy')).not.toContain(id);
    resetClock();

    expect((await t.call(asker, 'DELETE', `/api/asks/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(asks).where(eq(asks.id, id))).toHaveLength(0);
    expect((await t.call(null, 'GET', '/api/asks/0')).statusCode).toBe(400);
  });

  it('refuses bad input with fields, and writes nothing', async () => {
    const asker = await signedInMember(t.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...kefirAsk, location: 'Nowhere-at-all-ville' }, 'location'],
      [{ ...kefirAsk, location: '' }, 'location'],
      [{ ...kefirAsk, category: 'cars' }, 'category'],
      [{ ...kefirAsk, subcategory: 'sourdough' }, 'subcategory'],
      [{ ...kefirAsk, days: 0 }, 'days'],
      [{ ...kefirAsk, days: 400 }, 'days'],
      [{ ...kefirAsk, note: 'x'.repeat(1001) }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call(asker, 'POST', '/api/asks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    const unknown = await t.call(asker, 'POST', '/api/asks', {
      ...kefirAsk,
      location: 'Nowhere-at-all-ville',
    });
    expect(unknown.json().fields.location).toBe(ASK_UNKNOWN_PLACE);
    expect(await t.db.select().from(asks).where(eq(asks.userId, asker.user.id))).toHaveLength(0);
    expect((await t.call(null, 'POST', '/api/asks', kefirAsk)).statusCode).toBe(401);
    const unconfirmed = await signedInMember(t.db, { emailVerifiedAt: null });
    expect((await t.call(unconfirmed, 'POST', '/api/asks', kefirAsk)).statusCode).toBe(403);
  });

  it('has a daily quota', async () => {
    const asker = await signedInMember(t.db);
    for (let i = 0; i < t.config.limits.asksPerDay; i += 1) await postAsk(asker);
    expect((await t.call(asker, 'POST', '/api/asks', kefirAsk)).statusCode).toBe(429);
  });

  it('hides the asks of a banned or suspended member', async () => {
    const asker = await signedInMember(t.db);
    const id = await postAsk(asker);
    const { users } = await import('../../db/schema');
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + DAY) })
      .where(eq(users.id, asker.user.id));
    expect((await t.call(null, 'GET', `/api/asks/${id}`)).statusCode).toBe(404);
    const ids = (await t.call(null, 'GET', '/api/asks?limit=50'))
      .json()
      .asks.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(id);
  });
});

describe('"I can help"', () => {
  it('opens the listing’s conversation with the asker; blocks and the asker themself are refused', async () => {
    const asker = await signedInMember(t.db);
    const helper = await kefirKeeper();
    const id = await postAsk(asker);
    const content = 'I have kefir grains to spare';

    const own = await t.call(asker, 'POST', `/api/asks/${id}/help`, {
      starterId: helper.starter.id,
      content,
    });
    expect(own.statusCode).toBe(403);
    const notMine = await t.call(await signedInMember(t.db), 'POST', `/api/asks/${id}/help`, {
      starterId: helper.starter.id,
      content,
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fields).toHaveProperty('starterId');

    const res = await t.call(helper, 'POST', `/api/asks/${id}/help`, {
      starterId: helper.starter.id,
      content,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ starterId: helper.starter.id, receiverId: asker.user.id });
    const thread = await t.db
      .select()
      .from(messages)
      .where(eq(messages.starterId, helper.starter.id));
    expect(thread).toMatchObject([
      { senderId: helper.user.id, receiverId: asker.user.id, content },
    ]);
    expect(await t.db.select().from(askAnswers).where(eq(askAnswers.askId, id))).toHaveLength(1);
    // The asker answers in the same thread, as with any listing.
    const reply = await t.call(asker, 'GET', `/api/messages/starter/${helper.starter.id}`);
    expect(reply.statusCode).toBe(200);

    // A block either way refuses it.
    const blocked = await kefirKeeper();
    expect((await t.call(asker, 'PUT', `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    const refused = await t.call(blocked, 'POST', `/api/asks/${id}/help`, {
      starterId: blocked.starter.id,
      content,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await t.db.select().from(messages).where(eq(messages.starterId, blocked.starter.id)),
    ).toHaveLength(0);

    // A closed ask takes no more answers.
    await t.call(asker, 'POST', `/api/asks/${id}/close`, {});
    const late = await kefirKeeper();
    expect(
      (await t.call(late, 'POST', `/api/asks/${id}/help`, { starterId: late.starter.id, content }))
        .statusCode,
    ).toBe(404);
  });
});

describe('"Could you help?" mail', () => {
  it('reaches keepers and thriving recipients nearby, not the asker, not across a block, once a week', async () => {
    await runJob(); // what earlier tests left
    const asker = await signedInMember(t.db);
    const keeper = await kefirKeeper();
    const farKeeper = await signedInMember(t.db);
    await createStarterRow(t.db, farKeeper.user.id, {
      location: 'London, England, United Kingdom',
      latitude: locate('London, England, United Kingdom')!.latitude,
      longitude: locate('London, England, United Kingdom')!.longitude,
    });
    const sourdoughKeeper = await signedInMember(t.db);
    await createStarterRow(t.db, sourdoughKeeper.user.id, {
      category: 'grain',
      subcategory: 'sourdough',
      latitude: leeds().latitude,
      longitude: leeds().longitude,
    });
    // Received kefir, and said it is thriving; lives in Leeds.
    const grower = await signedInMember(t.db, {
      latitude: leeds().latitude,
      longitude: leeds().longitude,
    });
    const given = await createStarterRow(t.db, farKeeper.user.id, { isClaimed: true });
    const handover = await receivedHandover(t.db, {
      starterId: given.id,
      giverId: farKeeper.user.id,
      recipientId: grower.user.id,
    });
    await t.db.insert(checkins).values({
      handoverId: handover.id,
      day: 1,
      dueAt: new Date(),
      answer: 'thriving',
      answeredAt: new Date(),
    });
    // Received kefir too, but it struggled.
    const worried = await signedInMember(t.db, {
      latitude: leeds().latitude,
      longitude: leeds().longitude,
    });
    const other = await receivedHandover(t.db, {
      starterId: given.id,
      giverId: farKeeper.user.id,
      recipientId: worried.user.id,
    });
    await t.db.insert(checkins).values({
      handoverId: other.id,
      day: 1,
      dueAt: new Date(),
      answer: 'worried',
      answeredAt: new Date(),
    });
    const blocker = await kefirKeeper();
    await t.call(blocker, 'PUT', `/api/blocks/${asker.user.id}`);
    const blockedByAsker = await kefirKeeper();
    await t.call(asker, 'PUT', `/api/blocks/${blockedByAsker.user.id}`);
    const quiet = await kefirKeeper({ askMail: 'off' });
    // The asker has kefir too: never mailed about their own ask.
    await createStarterRow(t.db, asker.user.id, {
      latitude: leeds().latitude,
      longitude: leeds().longitude,
    });

    const id = await postAsk(asker, { ...kefirAsk, note: 'Mine died on holiday' });
    expect(await runJob()).toBeGreaterThanOrEqual(2);
    const count = async (m: Member) => (await mailTo(m.user.email)).length;
    expect(await count(keeper)).toBe(1);
    expect(await count(grower)).toBe(1);
    for (const m of [asker, farKeeper, sourdoughKeeper, worried, blocker, blockedByAsker, quiet]) {
      expect(await count(m), m.user.email).toBe(0);
    }
    const [mail] = await mailTo(keeper.user.email);
    expect(mail!.subject).toBe('Could you help? Someone near you is looking for Kefir grains');
    expect(mail!.textBody).toContain(`https://share.example/asks/${id}`);
    expect(mail!.textBody).toContain('Mine died on holiday');
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': `<https://share.example/api/mail/unsubscribe/${keeper.user.mailKey}/asks>`,
    });

    // Once per ask: the job does not mail it again.
    await runJob();
    expect(await count(keeper)).toBe(1);

    // A second ask within the week reaches nobody already asked.
    const second = await signedInMember(t.db);
    await postAsk(second);
    await runJob();
    expect(await count(keeper)).toBe(1);
    expect(await count(grower)).toBe(1);

    // A week later, the next ask does.
    advanceClock(7 * DAY + 60_000);
    await postAsk(second);
    await runJob();
    expect(await count(keeper)).toBe(2);
  });

  it('mails nobody about an ask closed before the job ran', async () => {
    const asker = await signedInMember(t.db);
    const keeper = await kefirKeeper();
    const id = await postAsk(asker);
    await t.call(asker, 'POST', `/api/asks/${id}/close`, {});
    await runJob();
    expect(await mailTo(keeper.user.email)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(asks)
      .where(inArray(asks.id, [id]));
    expect(row!.announcedAt).not.toBeNull();
  });
});

describe('an ask hears of new listings near it (decision 141)', () => {
  const announce = () => announceNewListings({ db: t.db, config: t.config });
  const newListing = (ownerId: string, title: string, overrides = {}) =>
    createStarterRow(t.db, ownerId, {
      title,
      location: LEEDS,
      latitude: leeds().latitude,
      longitude: leeds().longitude,
      createdAt: now(),
      ...overrides,
    });
  const bell = async (who: Member) =>
    (await t.call(who, 'GET', '/api/notifications')).json().notifications as {
      title: string;
      url: string;
    }[];

  it('rings the asker’s bell and mails them for each new match until the ask is closed', async () => {
    const asker = await signedInMember(t.db, { timeZone: zoneWhereItIs(12), firstName: 'Maya' });
    const giver = await signedInMember(t.db);
    const id = await postAsk(asker, { ...kefirAsk, search: 'jun' });
    // The ask's own alert is not among the member's alerts, nor theirs to change.
    expect((await t.call(asker, 'GET', '/api/alerts')).json().alerts).toEqual([]);

    const other = await newListing(giver.user.id, 'Water kefir grains, jun style', {
      category: 'beverage',
      subcategory: 'waterKefir',
    });
    const jun = await newListing(giver.user.id, 'Jun kefir grains');
    await announce();
    const rung = await bell(asker);
    expect(rung.map((n) => n.url)).toEqual([`/starter/${jun.id}`]);
    expect(rung[0]!.title).toBe('New for your ask: Jun kefir grains');
    await queueDueAlertMail({ db: t.db, config: t.config });
    const [mail] = await mailTo(asker.user.email);
    expect(mail?.subject).toContain('Jun kefir grains');

    // The giver sees who asked for it; nobody else may ask the listing that.
    const told = await t.call(giver, 'GET', `/api/starters/${jun.id}/asks`);
    expect(told.statusCode, told.body).toBe(200);
    // (Earlier tests' open kefir asks in Leeds, without words, hear of it too.)
    const mine = (told.json().asks as { id: number }[]).find((ask) => ask.id === id);
    expect(mine).toMatchObject({ id, user: { firstName: 'Maya' } });
    const otherTold = (await t.call(giver, 'GET', `/api/starters/${other.id}/asks`)).json().asks;
    expect(otherTold.map((ask: { id: number }) => ask.id)).not.toContain(id);
    expect((await t.call(asker, 'GET', `/api/starters/${jun.id}/asks`)).statusCode).toBe(403);

    // Closed: no more bells, and the giver no longer sees it.
    expect((await t.call(asker, 'POST', `/api/asks/${id}/close`)).statusCode).toBe(200);
    const later = await newListing(giver.user.id, 'More jun kefir grains');
    await announce();
    expect((await bell(asker)).map((n) => n.url)).not.toContain(`/starter/${later.id}`);
    const stillTold = (await t.call(giver, 'GET', `/api/starters/${jun.id}/asks`)).json().asks;
    expect(stillTold.map((ask: { id: number }) => ask.id)).not.toContain(id);

    // Renewed, it hears again; deleted, its alert goes with it.
    expect((await t.call(asker, 'POST', `/api/asks/${id}/renew`, {})).statusCode).toBe(200);
    const again = await newListing(giver.user.id, 'Jun kefir grains again');
    await announce();
    expect((await bell(asker)).map((n) => n.url)).toContain(`/starter/${again.id}`);
    expect((await t.call(asker, 'DELETE', `/api/asks/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(alerts).where(eq(alerts.askId, id))).toEqual([]);
    // Four announcing runs on a busy machine: more than the default 30 s is allowed.
  }, 120_000);

  it('mails new matches as the asker chose: a daily digest, not at once', async () => {
    const asker = await signedInMember(t.db, { timeZone: zoneWhereItIs(12) });
    const giver = await signedInMember(t.db);
    await postAsk(asker, { ...kefirAsk, search: 'digestword', frequency: 'daily' });
    await newListing(giver.user.id, 'Digestword kefir');
    await announce();
    expect(await bell(asker)).toHaveLength(1);
    await queueDueAlertMail({ db: t.db, config: t.config });
    expect(await mailTo(asker.user.email)).toHaveLength(0);
    const bad = await t.call(asker, 'POST', '/api/asks', { ...kefirAsk, frequency: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.frequency).toBe('Choose immediately, daily or weekly');
  });
});
