import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { now, resetClock } from '../../clock/clock';
import type { NotificationsPage } from '../../../../common/notifications/notifications';
import { alerts, pushOutbox, starters } from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  signedInMember,
  zoneWhereItIs,
  type TestApp,
} from '../../test/app';
import {
  queuedPushesFor,
  startTestPushService,
  type TestPushService,
} from '../../test/push-service';
import { translator } from '../../i18n/translate';
import { announceNewListings } from '../alerts/announce';
import { locate } from '../places/places.service';

/*
 * The bell and the pushes speak the receiver's language (their saved one, else English), as
 * their mail does; English stays word for word what it was.
 */

let push: TestPushService;
let t: TestApp;

beforeAll(async () => {
  push = await startTestPushService();
  t = await createTestApp({ PUSH_SERVICE_ORIGINS: push.origin, ANNOUNCE_RING_MINUTES: '0' });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});
beforeEach(async () => {
  resetClock();
  await t.db.delete(pushOutbox);
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

const named = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

/** A member who reads the site in `language` (null: never chose), with one device. */
async function memberWithDevice(language: string | null, overrides = {}) {
  const member = await signedInMember(t.db, { username: named('m'), language, ...overrides });
  const made = await t.call(member, 'POST', '/api/push/subscriptions', push.device().subscription);
  expect(made.statusCode, made.body).toBe(201);
  return member;
}

/** The member's bell as they read it, oldest first. */
async function bellOf(member: Member) {
  const res = await t.call(member, 'GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as NotificationsPage).notifications.reverse();
}

/** `asker` writes to `owner` about their listing, and `owner` reserves a portion for them. */
async function reserveFor(owner: Member, asker: Member, starterId: number) {
  const asked = await t.call(asker, 'POST', '/api/messages', {
    starterId,
    receiverId: owner.user.id,
    content: 'May I have some?',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const reserved = await t.call(owner, 'POST', `/api/starters/${starterId}/reservations`, {
    memberId: asker.user.id,
  });
  expect(reserved.statusCode, reserved.body).toBe(201);
}

describe("notifications in the receiver's language", () => {
  it('tells a German member of a reservation and a hand-over in German, an English one in English', async () => {
    const owner = await memberWithDevice(null, { username: null, firstName: 'Ana' });
    const german = await memberWithDevice('de', { username: null, firstName: 'Jonas' });
    const english = await memberWithDevice('en');
    const starter = await createStarterRow(t.db, owner.user.id, {
      title: 'Sourdough mother',
      portions: 3,
    });
    const thread = (who: Member) =>
      `/messages?starter=${starter.id}&with=${encodeURIComponent(who.user.id)}`;

    const name = 'Ana';
    const pushAbout = (title: string, body: string) => ({
      title,
      body,
      url: thread(owner),
      tag: `conversation:${starter.id}:${owner.user.id}`,
    });
    await reserveFor(owner, german, starter.id);
    expect(await queuedPushesFor(t.db, german.user.id)).toEqual([
      pushAbout(`${name} hat Sourdough mother für dich reserviert`, 'Für dich reserviert'),
    ]);
    await reserveFor(owner, english, starter.id);
    const given = await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: german.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);

    expect((await bellOf(german)).map((n) => [n.title, n.body])).toEqual([
      [`${name} hat Sourdough mother für dich reserviert`, 'Für dich reserviert'],
      [
        `${name} hat dir Sourdough mother gegeben. Ist es bei dir angekommen?`,
        'Tippe auf „Erhalten“, sobald du es hast.',
      ],
    ]);
    // A push still waiting is replaced by the newer one about the same conversation, as the
    // phone would show only the newer under the same tag.
    expect(await queuedPushesFor(t.db, german.user.id)).toEqual([
      pushAbout(
        `${name} hat dir Sourdough mother gegeben. Ist es bei dir angekommen?`,
        'Tippe auf „Erhalten“, sobald du es hast.',
      ),
    ]);
    expect((await bellOf(english)).map((n) => [n.title, n.body])).toEqual([
      [`${name} reserved Sourdough mother for you`, 'Reserved for you'],
    ]);
    expect(await queuedPushesFor(t.db, english.user.id)).toMatchObject([
      { title: `${name} reserved Sourdough mother for you`, body: 'Reserved for you' },
    ]);

    // The owner, who never chose a language, hears back in English.
    const handoverId = given.json().id as number;
    const confirmed = await t.call(german, 'POST', `/api/handovers/${handoverId}/confirm`, {
      received: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const ownerBell = await bellOf(owner);
    expect(ownerBell.map((n) => [n.title, n.body])).toContainEqual([
      'Jonas received Sourdough mother',
      'Jonas received it — thank you!',
    ]);
  });

  it('announces one listing to members of two languages, each in their own', async () => {
    await t.db.update(starters).set({ isClaimed: true });
    await t.db.delete(alerts);
    // Alerts push only in the member's day: noon there.
    const timeZone = zoneWhereItIs(12);
    const german = await memberWithDevice('de', { timeZone });
    const english = await memberWithDevice(null, { timeZone });
    const french = await memberWithDevice('fr', { timeZone });
    for (const watcher of [german, english, french]) {
      const made = await t.call(watcher, 'POST', '/api/alerts', {
        search: 'kefir',
        location: 'Leeds, United Kingdom',
        radiusKm: 25,
        frequency: 'immediate',
        timeZone,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const giver = await signedInMember(t.db);
    const leeds = locate('Leeds, United Kingdom')!;
    const listing = await createStarterRow(t.db, giver.user.id, {
      title: 'Kefir grains from Headingley',
      location: 'Leeds, United Kingdom',
      latitude: leeds.latitude,
      longitude: leeds.longitude,
      createdAt: now(),
    });
    expect(await announceNewListings({ db: t.db, config: t.config })).toBe(3);

    const told = async (who: Member) => {
      const item = (await bellOf(who)).find((n) => n.url === `/starter/${listing.id}`);
      const pushes = await queuedPushesFor(t.db, who.user.id);
      return { item: item && { title: item.title, body: item.body, kind: item.kind }, pushes };
    };
    const inLanguage = (title: string) => ({
      item: { title, body: '', kind: 'alert_match' },
      pushes: [{ title, body: '', url: `/starter/${listing.id}`, tag: `alert:${listing.id}` }],
    });
    expect(await told(german)).toEqual(
      inLanguage('Neu für deinen Suchauftrag: Kefir grains from Headingley'),
    );
    expect(await told(french)).toEqual(
      inLanguage('Nouveau pour votre alerte : Kefir grains from Headingley'),
    );
    expect(await told(english)).toEqual(
      inLanguage('New for your alert: Kefir grains from Headingley'),
    );
  });

  it("pushes a new message with the receiver's words around the sender's own text", async () => {
    const german = await memberWithDevice('de');
    const english = await memberWithDevice('en');
    const starter = await createStarterRow(t.db, german.user.id, { title: 'Sourdough mother' });
    const otherStarter = await createStarterRow(t.db, english.user.id, { title: 'Water kefir' });
    const write = async (from: Member, to: Member, starterId: number, content: string) => {
      const sent = await t.call(from, 'POST', '/api/messages', {
        starterId,
        receiverId: to.user.id,
        content,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    };

    // The sender's text is theirs, as written; the title keeps its shape.
    await write(english, german, starter.id, 'Could I pick some up on Saturday?');
    expect(await queuedPushesFor(t.db, german.user.id)).toEqual([
      {
        title: `${english.user.username} · Sourdough mother`,
        body: 'Could I pick some up on Saturday?',
        url: `/messages?starter=${starter.id}&with=${encodeURIComponent(english.user.id)}`,
        tag: `conversation:${starter.id}:${english.user.id}`,
      },
    ]);

    // "Don't show message text": the stand-in is in the receiver's language.
    for (const who of [german, english]) {
      const set = await t.call(who, 'PATCH', '/api/push/settings', { hideMessageText: true });
      expect(set.statusCode, set.body).toBe(200);
    }
    await t.db.delete(pushOutbox);
    await write(english, german, starter.id, 'A private detail');
    await write(german, english, otherStarter.id, 'Ein privates Detail');
    expect(await queuedPushesFor(t.db, german.user.id)).toMatchObject([
      { body: 'Du hast eine neue Nachricht' },
    ]);
    expect(await queuedPushesFor(t.db, english.user.id)).toMatchObject([
      { title: `${german.user.username} · Water kefir`, body: 'You have a new message' },
    ]);
  });
});

describe('the English words', () => {
  const t = translator('en');

  it('read as they did before they had a catalogue', () => {
    const since: Record<number, string> = { 1: 'a day', 3: 'three days', 7: 'a week' };
    for (const day of [1, 3, 7, 14]) {
      expect(t('mail:notifications.checkinBody', { day, title: 'Kefir', giver: 'the giver' })).toBe(
        `It has been ${since[day] ?? `${day} days`} since Kefir reached you from the giver.`,
      );
    }
    expect(t('mail:notifications.offerBody', { hours: 24 })).toBe(
      'Accept it within 24 hours to have a portion reserved for you.',
    );
    expect(t('mail:notifications.expiryBody', { date: 'Thu, 26 Nov 2026' })).toBe(
      'It stops showing in browse and search on Thu, 26 Nov 2026. Still have some to share? Press “Still available” to keep it listed.',
    );
    expect(t('mail:notifications.notReceived', { name: 'Ana', title: "Bob's kefir" })).toBe(
      "Ana says Bob's kefir didn't reach them",
    );
    expect(t('mail:lines.reservation_backed_out.receiverWhy', { name: 'Ana', reason: 'ill' })).toBe(
      "Ana can't make it after all — ill",
    );
  });
});
