import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../../common/notifications/notifications';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { openStream, type EventStream } from '../../test/event-stream';
import { createAppsOnSharedPostgres } from '../../test/shared-database';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { notify, notifyMany } from './notifications.service';

let t: TestApp;
const streams: EventStream[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function centre(who: Member, query = '') {
  const res = await t.call(who, 'GET', `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { notifications: Notification[]; unread: number };
}

/** The owner reserves a portion for a member who asked about the listing. */
async function reserve(app: FastifyInstance, owner: Member, member: Member, starterId: number) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { cookie: member.cookie },
    payload: { starterId, receiverId: owner.user.id, content: 'May I have some?' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const res = await app.inject({
    method: 'POST',
    url: `/api/starters/${starterId}/reservations`,
    headers: { cookie: owner.cookie },
    payload: { memberId: member.user.id },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** An item's words for a test: the alert item's, around the given text. */
const said = (text: string) => ({ key: 'mail:notifications.alert', values: { title: text } });
const heard = (n: { title: string }) => n.title.replace('New for your alert: ', '');

describe('the notification centre', () => {
  it('lists a member’s own items newest first, pages with before, and counts the unread', async () => {
    const me = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    for (const n of [1, 2, 3]) {
      await notify(t.db, {
        userId: me.user.id,
        kind: 'expiry',
        title: said(`Item ${n}`),
        url: '/profile',
      });
    }
    await notify(t.db, {
      userId: other.user.id,
      kind: 'expiry',
      title: said('Not yours'),
      url: '/',
    });

    const all = await centre(me);
    expect(all.unread).toBe(3);
    expect(all.notifications.map(heard)).toEqual(['Item 3', 'Item 2', 'Item 1']);
    expect(all.notifications[0]).toMatchObject({
      kind: 'expiry',
      body: '',
      url: '/profile',
      readAt: null,
    });
    const page = await centre(me, `?limit=1&before=${all.notifications[0]!.id}`);
    expect(page.notifications.map(heard)).toEqual(['Item 2']);
    expect(page.unread).toBe(3);
  });

  it('marks named items read, then all, and never another member’s', async () => {
    const me = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const mine = await notify(t.db, {
      userId: me.user.id,
      kind: 'checkin',
      title: said('A'),
      url: '/',
    });
    await notify(t.db, { userId: me.user.id, kind: 'checkin', title: said('B'), url: '/' });
    const theirs = await notify(t.db, {
      userId: other.user.id,
      kind: 'checkin',
      title: said('C'),
      url: '/',
    });

    const stranger = await t.call(other, 'POST', '/api/notifications/read', { ids: [mine.id] });
    expect(stranger.json()).toEqual({ unread: 1 });
    expect((await centre(me)).unread).toBe(2);
    // Nor can anyone list someone else's: the list is always the caller's own.
    expect((await centre(other)).notifications.map(heard)).toEqual(['C']);

    const one = await t.call(me, 'POST', '/api/notifications/read', { ids: [mine.id, theirs.id] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ unread: 1 });
    const after = await centre(me);
    expect(after.notifications.find((n) => n.id === mine.id)?.readAt).not.toBeNull();
    expect((await centre(other)).unread).toBe(1);

    const all = await t.call(me, 'POST', '/api/notifications/read-all');
    expect(all.json()).toEqual({ unread: 0 });
    expect((await centre(other)).unread).toBe(1);
  });

  it('is for members only, and refuses bad input with 400', async () => {
    expect((await t.call(null, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await t.call(null, 'POST', '/api/notifications/read-all')).statusCode).toBe(401);
    const me = await signedInMember(t.db);
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=-1', '?before=1.5']) {
      const res = await t.call(me, 'GET', `/api/notifications${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    for (const body of [
      {},
      { ids: [] },
      { ids: ['1'] },
      { ids: [0] },
      { ids: Array(101).fill(1) },
    ]) {
      const res = await t.call(me, 'POST', '/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('rings the bell live over the event stream, and not for a change that rolled back', async () => {
    const owner = await signedInMember(t.db);
    const member = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
    const live = await openStream(t.app, member.cookie);
    streams.push(live);

    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, {
          userId: member.user.id,
          kind: 'reservation',
          title: said('Gone'),
          url: '/',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    await reserve(t.app, owner, member, starter.id);
    const [item] = (await centre(member)).notifications;
    expect(item).toMatchObject({
      kind: 'reservation',
      title: expect.stringContaining('reserved'),
      url: `/messages?starter=${starter.id}&with=${owner.user.id}`,
    });
    await live.next((e) => e.type === 'notification' && e.id === item!.id, 'the new item');
    expect(live.events.filter((e) => e.type === 'notification')).toHaveLength(1);

    await t.call(member, 'POST', '/api/notifications/read-all');
    await live.next((e) => e.type === 'notifications_read', 'the read-all');
  });

  it('rings every bell of many members at once, each once, and no one else', async () => {
    const watching = [await signedInMember(t.db), await signedInMember(t.db)];
    const bystander = await signedInMember(t.db);
    // 120 members: more than two live notices' worth, with the watchers first and last.
    const others = rowsOf<{ id: string }>(
      await t.db.execute(sql`INSERT INTO users (email)
        SELECT 'many' || g || '-' || ${watching[0]!.user.id} || '@example.test'
        FROM generate_series(1, 118) g RETURNING id`),
    ).map((r) => r.id);
    const told = [watching[0]!.user.id, ...others, watching[1]!.user.id];
    const streamsOf = await Promise.all(
      [...watching, bystander].map((m) => openStream(t.app, m.cookie)),
    );
    streams.push(...streamsOf);

    await notifyMany(t.db, told, {
      kind: 'alert_match',
      title: said('New for your alert'),
      url: '/',
    });

    for (const [i, member] of watching.entries()) {
      await streamsOf[i]!.next(
        (e) => e.type === 'notification' && e.kind === 'alert_match',
        'the bell of a member told',
      );
      expect((await centre(member)).unread).toBe(1);
    }
    // The bystander's stream stays quiet: a later event of theirs arrives first.
    await notify(t.db, {
      userId: bystander.user.id,
      kind: 'reservation',
      title: said('Own'),
      url: '/',
    });
    const first = await streamsOf[2]!.next((e) => e.type === 'notification', 'their own bell');
    expect(first).toMatchObject({ kind: 'reservation' });
    for (const live of streamsOf.slice(0, 2)) {
      expect(live.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    }
  });
});

describe('producers', () => {
  it('tells each side of a reservation and a hand-over, linking to their conversation', async () => {
    const owner = await signedInMember(t.db);
    const member = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
    await reserve(t.app, owner, member, starter.id);

    const given = await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: member.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);
    const handoverId = given.json().id as number;
    const forMember = (await centre(member)).notifications;
    expect(forMember.map((n) => n.kind)).toEqual(['handover', 'reservation']);
    expect(forMember[0]!.title).toMatch(/gave you .* Did it reach you\?$/);

    const confirmed = await t.call(member, 'POST', `/api/handovers/${handoverId}/confirm`, {
      received: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const [forOwner] = (await centre(owner)).notifications;
    expect(forOwner).toMatchObject({
      kind: 'handover',
      title: expect.stringMatching(/received/),
      url: `/messages?starter=${starter.id}&with=${member.user.id}`,
    });
  });

  it('tells a reporter how their report was settled, and an owner that a listing was removed', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    const owner = await signedInMember(t.db);
    const reporter = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const report = await t.call(reporter, 'POST', '/api/reports', {
      starterId: starter.id,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(201);
    const removed = await t.call(
      moderator,
      'POST',
      `/api/reports/${report.json().id}/remove-starter`,
      {
        reason: 'free',
      },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await centre(owner)).notifications[0]).toMatchObject({
      kind: 'moderation',
      url: `/starter/${starter.id}`,
    });
    expect((await centre(reporter)).notifications[0]).toMatchObject({
      kind: 'moderation',
      title: 'The listing you reported was removed',
    });
  });
});

describe('two server copies on one Postgres', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a reservation made through one copy rings the bell on a stream held by the other',
    async () => {
      const shared = await createAppsOnSharedPostgres(2);
      const [one, two] = shared.apps as [FastifyInstance, FastifyInstance];
      let live: EventStream | undefined;
      try {
        await one.listen({ host: '127.0.0.1', port: 0 });
        await two.listen({ host: '127.0.0.1', port: 0 });
        const db = shared.databases[0]!.db;
        const owner = await signedInMember(db);
        const member = await signedInMember(db);
        const starter = await createStarterRow(db, owner.user.id, { portions: 2 });
        live = await openStream(two, member.cookie);
        await reserve(one, owner, member, starter.id);
        await live.next((e) => e.type === 'notification' && e.kind === 'reservation');
      } finally {
        live?.close();
        await shared.close();
      }
    },
  );
});
