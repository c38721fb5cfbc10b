import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../clock/clock';
import { loadConfig } from '../../config';
import {
  alerts,
  messages,
  notifications,
  pushOutbox,
  pushSubscriptions,
  starters,
  users,
} from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  signedInMember,
  zoneWhereItIs,
  type TestApp,
} from '../../test/app';
import { startTestPushService, type TestPushService } from '../../test/push-service';
import { announceNewListings } from '../alerts/announce';
import { locate } from '../places/places.service';
import { deliverDuePushes } from './push-delivery';
import { endpointAllowed } from './push.service';

let push: TestPushService;
let t: TestApp;
const quietLog = { info: () => {} };

beforeAll(async () => {
  push = await startTestPushService();
  t = await createTestApp({
    PUSH_SERVICE_ORIGINS: push.origin,
    PUBLIC_URL: 'https://share.example',
    MAIL_RETRY_SECONDS: '30',
    ANNOUNCE_RING_MINUTES: '0',
  });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});
beforeEach(async () => {
  resetClock();
  push.answers = [];
  push.refusalHeaders = {};
  push.received.length = 0;
  await t.db.delete(pushOutbox);
});

const deliver = () => deliverDuePushes({ db: t.db, config: t.config }, quietLog);

/** A giver with a starter, an asker subscribed on one device, and the asker's first message. */
async function conversation() {
  const giver = await signedInMember(t.db, {
    username: 'giver_' + Math.random().toString(36).slice(2, 8),
  });
  const asker = await signedInMember(t.db, {
    username: 'asker_' + Math.random().toString(36).slice(2, 8),
  });
  const starter = await createStarterRow(t.db, giver.user.id, { title: 'Sourdough mother' });
  const first = await t.call(asker, 'POST', '/api/messages', {
    starterId: starter.id,
    receiverId: giver.user.id,
    content: 'Could I pick some up on Saturday?',
  });
  expect(first.statusCode).toBe(201);
  return { giver, asker, starter };
}

describe('web push', () => {
  it('serves one VAPID public key, the same on every call', async () => {
    const a = await t.call(null, 'GET', '/api/push/key');
    const b = await t.call(null, 'GET', '/api/push/key');
    expect(a.statusCode).toBe(200);
    expect(a.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.json().publicKey).toBe(a.json().publicKey);
  });

  it('sends a message as an encrypted, signed push; a 410 removes the subscription', async () => {
    const { giver, asker, starter } = await conversation();
    const device = push.device();
    const made = await t.call(giver, 'POST', '/api/push/subscriptions', device.subscription);
    expect(made.statusCode).toBe(201);
    const { id } = made.json();

    const listed = await t.call(giver, 'GET', '/api/push/subscriptions');
    expect(listed.json()).toEqual([
      { id, endpoint: device.endpoint, createdAt: expect.any(String) },
    ]);

    // Sending answers before any push service is asked.
    const reply = await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: giver.user.id,
      content: 'Saturday at ten works for me',
    });
    expect(reply.statusCode).toBe(201);
    expect(push.received).toHaveLength(0);

    expect(await deliver()).toBe(1);
    const key = (await t.call(null, 'GET', '/api/push/key')).json().publicKey;
    expect(push.received).toHaveLength(1);
    const [got] = push.received;
    expect(got!.status).toBe(201);
    expect(got!.vapidKey).toBe(key);
    expect(got!.claims.sub).toBe('https://share.example');
    expect(got!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(got!.payload).toEqual({
      title: `${asker.user.username} · Sourdough mother`,
      body: 'Saturday at ten works for me',
      url: `/messages?starter=${starter.id}&with=${asker.user.id}`,
      tag: `conversation:${starter.id}:${asker.user.id}`,
    });

    // The browser dropped the subscription: the push service answers 410 and it goes.
    push.answers = [410];
    await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: giver.user.id,
      content: 'Or Sunday?',
    });
    await deliver();
    expect(push.received.map((r) => r.status)).toEqual([201, 410]);
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(left).toHaveLength(0);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(0);
  });

  it('retries a 429 or 5xx with backoff through the outbox, honouring Retry-After', async () => {
    const { giver, asker, starter } = await conversation();
    await t.call(giver, 'POST', '/api/push/subscriptions', push.device().subscription);
    push.answers = [503, 429];
    push.refusalHeaders = { 'retry-after': '120' };
    await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: giver.user.id,
      content: 'Still there?',
    });

    expect(await deliver()).toBe(0);
    // Not due again before Retry-After has passed.
    advanceClock(60_000);
    expect(await deliver()).toBe(0);
    expect(push.received).toHaveLength(1);
    advanceClock(61_000);
    expect(await deliver()).toBe(0);
    expect(push.received.map((r) => r.status)).toEqual([503, 429]);
    advanceClock(121_000);
    expect(await deliver()).toBe(1);
    expect(push.received.map((r) => r.status)).toEqual([503, 429, 201]);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(0);
  });

  it('follows the per-kind choice and can hide message text', async () => {
    const { giver, asker, starter } = await conversation();
    await t.call(giver, 'POST', '/api/push/subscriptions', push.device().subscription);
    const set = await t.call(giver, 'PATCH', '/api/push/settings', { hideMessageText: true });
    expect(set.json()).toEqual({
      messages: true,
      reservations: true,
      checkins: true,
      offers: true,
      alerts: true,
      hideMessageText: true,
    });
    await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: giver.user.id,
      content: 'A private detail',
    });
    await deliver();
    expect((push.received[0]!.payload as { body: string }).body).toBe('You have a new message');

    await t.call(giver, 'PATCH', '/api/push/settings', { messages: false });
    await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: giver.user.id,
      content: 'Another one',
    });
    expect(await t.db.select().from(pushOutbox)).toHaveLength(0);
  });

  it('pushes a reservation, tagged with its conversation, through the bell item', async () => {
    const { giver, asker, starter } = await conversation();
    await t.call(asker, 'POST', '/api/push/subscriptions', push.device().subscription);
    const reserved = await t.call(giver, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: asker.user.id,
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    expect(await deliver()).toBe(1);
    const [bell] = (await t.call(asker, 'GET', '/api/notifications')).json().notifications as {
      title: string;
    }[];
    expect(push.received.map((r) => r.payload)).toEqual([
      {
        title: bell!.title,
        body: 'Reserved for you',
        url: `/messages?starter=${starter.id}&with=${giver.user.id}`,
        tag: `conversation:${starter.id}:${giver.user.id}`,
      },
    ]);
    expect(bell!.title).toMatch(/reserved Sourdough mother for you$/);
  });

  it('pushes an alert match, and nothing of a kind the member switched off', async () => {
    await t.db.update(starters).set({ isClaimed: true });
    await t.db.delete(alerts);
    // Alerts push only in the member's day: noon there.
    const timeZone = zoneWhereItIs(12);
    const watcher = await signedInMember(t.db, { timeZone });
    const giver = await signedInMember(t.db);
    await t.call(watcher, 'POST', '/api/push/subscriptions', push.device().subscription);
    const made = await t.call(watcher, 'POST', '/api/alerts', {
      search: 'kefir',
      location: 'Leeds, United Kingdom',
      radiusKm: 25,
      frequency: 'immediate',
      timeZone,
    });
    expect(made.statusCode, made.body).toBe(201);
    const leeds = locate('Leeds, United Kingdom')!;
    const listed = (title: string) =>
      createStarterRow(t.db, giver.user.id, {
        title,
        location: 'Leeds, United Kingdom',
        latitude: leeds.latitude,
        longitude: leeds.longitude,
        createdAt: now(),
      });
    const first = await listed('Kefir grains from Headingley');
    expect(await announceNewListings({ db: t.db, config: t.config })).toBe(1);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(1);
    expect(await deliver()).toBe(1);
    expect(push.received.map((r) => r.payload)).toEqual([
      {
        title: 'New for your alert: Kefir grains from Headingley',
        body: '',
        url: `/starter/${first.id}`,
        tag: `alert:${first.id}`,
      },
    ]);

    // Switched off: the bell still rings, the device stays quiet.
    const set = await t.call(watcher, 'PATCH', '/api/push/settings', { alerts: false });
    expect(set.json()).toMatchObject({ alerts: false, messages: true });
    const second = await listed('Kefir grains from Chapel Allerton');
    await announceNewListings({ db: t.db, config: t.config });
    const bell = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, watcher.user.id));
    expect(bell.map((n) => n.url)).toContain(`/starter/${second.id}`);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(0);
    expect((await t.call(watcher, 'GET', '/api/push/settings')).json()).toMatchObject({
      alerts: false,
    });
  });

  it('accepts endpoints only at an allowed push service', async () => {
    const member = await signedInMember(t.db);
    const keys = push.device().subscription.keys;
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://127.0.0.1:1/push/1',
      `${push.origin.replace('127.0.0.1', 'localhost')}/push/1`,
      'file:///etc/passwd',
      'not a url',
    ]) {
      const res = await t.call(member, 'POST', '/api/push/subscriptions', { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().fields).toEqual({ endpoint: 'This push service is not allowed' });
    }
    expect(
      await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, member.user.id)),
    ).toHaveLength(0);
    expect(
      (await t.call(null, 'POST', '/api/push/subscriptions', push.device().subscription))
        .statusCode,
    ).toBe(401);

    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect(endpointAllowed(defaults, 'https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(endpointAllowed(defaults, 'https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(
      true,
    );
    expect(endpointAllowed(defaults, 'https://web.push.apple.com/QGx')).toBe(true);
    expect(endpointAllowed(defaults, 'https://wns2-by3p.notify.windows.com/w/?token=x')).toBe(true);
    expect(endpointAllowed(defaults, 'http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(endpointAllowed(defaults, 'https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(endpointAllowed(defaults, 'https://notify.windows.com.evil.example/x')).toBe(false);
    expect(endpointAllowed(defaults, 'https://user@fcm.googleapis.com/x')).toBe(false);
  });

  it('removes only my own subscriptions', async () => {
    const a = await signedInMember(t.db);
    const b = await signedInMember(t.db);
    const { id } = (
      await t.call(a, 'POST', '/api/push/subscriptions', push.device().subscription)
    ).json();
    expect((await t.call(b, 'DELETE', `/api/push/subscriptions/${id}`)).statusCode).toBe(404);
    expect((await t.call(a, 'DELETE', `/api/push/subscriptions/${id}`)).statusCode).toBe(204);
    expect((await t.call(a, 'GET', '/api/push/subscriptions')).json()).toEqual([]);
  });
});

describe('message idempotency key', () => {
  it('stores a message sent twice with one key once', async () => {
    const { giver, asker, starter } = await conversation();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: asker.cookie, 'idempotency-key': 'outbox-0f3a9c2e-1' },
        payload: { starterId: starter.id, receiverId: giver.user.id, content: 'Sent from a train' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const stored = await t.db
      .select()
      .from(messages)
      .where(eq(messages.content, 'Sent from a train'));
    expect(stored).toHaveLength(1);
  });
});

describe('the migration of push choices beside the mail choices', () => {
  it("moves each member's old push_settings row into their columns; others keep the defaults", async () => {
    const dir = new URL('../../db/migrations/', import.meta.url);
    const name = readdirSync(dir).find((f) => f.endsWith('_push_choices.sql'))!;
    const statements = readFileSync(new URL(name, dir), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim());
    const update = statements.find((s) => /^(--.*\n)*UPDATE/.test(s))!;
    const drop = statements.find((s) => /^(--.*\n)*DROP TABLE "push_settings"/.test(s))!;
    // The table as decision 080 made it, with one member's choices in it.
    await t.db.execute(sql`
      CREATE TABLE push_settings (
        user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        messages boolean NOT NULL DEFAULT true,
        reservations boolean NOT NULL DEFAULT true,
        checkins boolean NOT NULL DEFAULT true,
        offers boolean NOT NULL DEFAULT true,
        hide_message_text boolean NOT NULL DEFAULT false)`);
    const chose = await signedInMember(t.db);
    const never = await signedInMember(t.db);
    await t.db.execute(sql`
      INSERT INTO push_settings (user_id, messages, reservations, checkins, offers, hide_message_text)
      VALUES (${chose.user.id}, false, true, false, true, true)`);
    await t.db.execute(sql.raw(update));
    await t.db.execute(sql.raw(drop));
    const [moved] = await t.db.select().from(users).where(eq(users.id, chose.user.id));
    expect([
      moved!.messagePush,
      moved!.reservationPush,
      moved!.checkinPush,
      moved!.offerPush,
      moved!.alertPush,
      moved!.pushHidesMessageText,
    ]).toEqual([false, true, false, true, true, true]);
    expect((await t.call(chose, 'GET', '/api/push/settings')).json()).toEqual({
      messages: false,
      reservations: true,
      checkins: false,
      offers: true,
      alerts: true,
      hideMessageText: true,
    });
    expect((await t.call(never, 'GET', '/api/push/settings')).json()).toEqual({
      messages: true,
      reservations: true,
      checkins: true,
      offers: true,
      alerts: true,
      hideMessageText: false,
    });
  });
});
