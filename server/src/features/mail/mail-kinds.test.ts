import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KINDS, type MailKind } from '../../../../common/members/users';
import { mailOutbox, users } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { queueAskMails } from '../asks/ask-mail';
import { queueDueReservationMail, queueReservationMail } from '../handovers/handover-mail';
import { locate } from '../places/places.service';
import { queueDueMessageMail } from '../messages/message-mail';
import { queueExpiryReminders } from '../starters/expiry-reminders';
import { offerMail } from '../standing-offers/standing-offer-mail';
import { tell } from '../notifications/tell';
import { mailChoiceSet } from './recipients';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://share.example', MESSAGE_MAIL_DELAY_SECONDS: '0' });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const mailTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const settingsOf = async (id: string) => {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  return u!;
};
const allOff = (): Partial<typeof users.$inferInsert> =>
  Object.assign({}, ...MAIL_KINDS.map((k) => mailChoiceSet(k, 'off')));

/** A member with every kind on but `kind`, or with `kind` alone on. */
const memberWith = (kind: MailKind, on: boolean) =>
  signedInMember(
    t.db,
    on ? { ...allOff(), ...mailChoiceSet(kind, 'immediately') } : mailChoiceSet(kind, 'off'),
  );

/** Makes `member` the receiver of one mail of `kind`, through that kind's producer. */
const produce: Record<Exclude<MailKind, 'checkins'>, (memberId: string) => Promise<void>> = {
  messages: async (memberId) => {
    const asker = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, memberId);
    const sent = await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: memberId,
      content: 'Still available?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await queueDueMessageMail({ db: t.db, config: t.config });
  },
  reservations: async (memberId) => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    await queueReservationMail(t.db, t.config, {
      memberId,
      ownerId: owner.user.id,
      starterId: starter.id,
      kind: 'reserved',
      line: { key: 'mail:lines.reserved.receiver' },
    });
    await queueDueReservationMail({ db: t.db, config: t.config });
  },
  offers: async (memberId) => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    await tell(t.db, t.config, {
      kind: 'standing_offer',
      to: memberId,
      bell: null,
      mail: offerMail(t.db, t.config, {
        ownerId: owner.user.id,
        starterId: starter.id,
        answerHours: 48,
      }),
    });
  },
  reminders: async (memberId) => {
    await createStarterRow(t.db, memberId, { availableUntil: new Date(Date.now() + DAY) });
    await queueExpiryReminders({ db: t.db, config: t.config });
  },
  asks: async (memberId) => {
    const place = locate('Leeds, England, United Kingdom')!;
    await createStarterRow(t.db, memberId, { ...place });
    const asker = await signedInMember(t.db);
    const posted = await t.call(asker, 'POST', '/api/asks', {
      category: 'dairy',
      subcategory: 'kefir',
      location: 'Leeds, England, United Kingdom',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await queueAskMails({ db: t.db, config: t.config });
  },
};

describe('each kind of mail follows its own choice (decision 054)', () => {
  // Check-ins are covered in checkins.test.ts, which has the hand-over they need.
  for (const kind of ['messages', 'reservations', 'offers', 'reminders', 'asks'] as const) {
    it(`${kind}: off sends none; on alone sends one that stops only ${kind}`, async () => {
      const quiet = await memberWith(kind, false);
      await produce[kind](quiet.user.id);
      expect(await mailTo(quiet.user.email)).toHaveLength(0);

      const only = await memberWith(kind, true);
      await produce[kind](only.user.id);
      const mails = await mailTo(only.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.headers).toMatchObject({
        'List-Unsubscribe': `<https://share.example/api/mail/unsubscribe/${only.user.mailKey}/${kind}>`,
      });
      expect(mails[0]!.textBody).toContain(
        `Stop these emails: https://share.example/mail/stop/${only.user.mailKey}/${kind}`,
      );
    });
  }

  it('an unconfirmed or suspended member gets none', async () => {
    const unconfirmed = await signedInMember(t.db, { emailVerifiedAt: null });
    const suspended = await signedInMember(t.db, { suspendedUntil: new Date(Date.now() + DAY) });
    for (const m of [unconfirmed, suspended]) {
      await produce.offers(m.user.id);
      expect(await mailTo(m.user.email)).toHaveLength(0);
    }
  });
});

describe('stop links, by the key in the mail', () => {
  const url = (key: string, kind: MailKind) => `/api/mail/unsubscribe/${key}/${kind}`;

  for (const kind of MAIL_KINDS) {
    it(`the one-click POST of a ${kind} mail stops ${kind} only`, async () => {
      const { user } = await signedInMember(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: url(user.mailKey, kind),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      // The used key is replaced: the answer carries the new one, the old one is spent.
      const key = res.json().key as string;
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(key).not.toBe(user.mailKey);
      const spent = await t.app.inject({ method: 'GET', url: url(user.mailKey, kind) });
      expect(spent.statusCode).toBe(404);
      const after = await t.app.inject({ method: 'GET', url: url(key, kind) });
      expect(after.json().choice).toBe('off');
      for (const other of MAIL_KINDS.filter((k) => k !== kind)) {
        const state = await t.app.inject({ method: 'GET', url: url(key, other) });
        expect(state.json().choice, other).toBe('immediately');
      }
    });
  }

  it('opening the stop link changes nothing; the page says what it would stop', async () => {
    const { user } = await signedInMember(t.db);
    const before = await settingsOf(user.id);
    const shown = await t.app.inject({ method: 'GET', url: url(user.mailKey, 'checkins') });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ kind: 'checkins', choice: 'immediately', mayDigest: false });
    // A mail sent before each kind had its link: the old GET only leads to the page.
    const old = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe/${user.mailKey}` });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(`/mail/stop/${user.mailKey}/messages`);
    const after = await settingsOf(user.id);
    expect(after).toEqual(before);
  });

  it('stop, then "daily digest instead", then undo; no digest where a kind has none', async () => {
    const { user } = await signedInMember(t.db);
    const stopped = await t.app.inject({ method: 'POST', url: url(user.mailKey, 'messages') });
    expect(stopped.json().choice).toBe('off');
    // The page goes on with the key each answer hands back.
    const digest = await t.app.inject({
      method: 'PUT',
      url: url(stopped.json().key, 'messages'),
      payload: { choice: 'daily' },
    });
    expect(digest.json()).toMatchObject({ kind: 'messages', choice: 'daily', mayDigest: true });
    expect((await settingsOf(user.id)).messageMail).toBe('daily');
    const undo = await t.app.inject({
      method: 'PUT',
      url: url(digest.json().key, 'messages'),
      payload: { choice: 'immediately' },
    });
    expect(undo.json().choice).toBe('immediately');

    const offers = url(undo.json().key, 'offers');
    const refused = await t.app.inject({
      method: 'PUT',
      url: offers,
      payload: { choice: 'daily' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await settingsOf(user.id)).offerMail).toBe('immediately');
  });

  it('a wrong key or kind changes nothing and says so', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: url('a'.repeat(32), 'messages') });
    expect(unknown.statusCode).toBe(404);
    const { user } = await signedInMember(t.db);
    const badKind = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe/${user.mailKey}/everything`,
    });
    expect(badKind.statusCode).toBe(400);
    const after = await settingsOf(user.id);
    expect([after.messageMail, after.checkinMail]).toEqual(['immediately', 'immediately']);
  });
});

describe('the migration to one choice per kind', () => {
  it('keeps a member who had turned message mail off off for every kind it covered', async () => {
    const file = readFileSync(
      new URL('../../db/migrations/0017_notify-mail-kinds.sql', import.meta.url),
      'utf8',
    );
    const update = file
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .find((s) => /^(--.*\n)*UPDATE/.test(s))!;
    // As the members stood before: the one switch, the new columns at their defaults.
    const off = await signedInMember(t.db, { messageMail: 'off' });
    const daily = await signedInMember(t.db, { messageMail: 'daily' });
    await t.db.execute(sql.raw(update));
    const was = await settingsOf(off.user.id);
    expect([was.messageMail, was.reservationMail, was.checkinMail, was.offerMail]).toEqual([
      'off',
      'off',
      'off',
      'off',
    ]);
    expect(was.reminderMail).toBe('immediately');
    const kept = await settingsOf(daily.user.id);
    expect([kept.messageMail, kept.reservationMail, kept.checkinMail]).toEqual([
      'daily',
      'immediately',
      'immediately',
    ]);
  });
});
