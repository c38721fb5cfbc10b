import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENEWALS_MAX } from '../../../../common/conversations/handovers';
import { mailOutbox, messages, starters } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { queueExpiryReminders } from './expiry-reminders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

/** A fresh owner and one listing of theirs. */
async function setting(portions: number, overrides: Partial<typeof starters.$inferInsert> = {}) {
  const owner = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id, { portions, ...overrides });
  return { owner, starter };
}

describe('listings that stay fresh', () => {
  const browse = (title: string) =>
    t
      .call(null, 'GET', `/api/starters?search=${encodeURIComponent(title)}`)
      .then((r) => (r.json().starters as Array<{ id: number }>).map((s) => s.id));

  it('an expired listing leaves browse and search, stays on My Starters, and renewing brings it back', async () => {
    const title = `Expiring ${crypto.randomBytes(4).toString('hex')}`;
    const { owner, starter } = await setting(1, {
      title,
      availableUntil: new Date(Date.now() - 1000),
    });
    const asker = await signedInMember(t.db);
    await t.db.insert(messages).values({
      starterId: starter.id,
      senderId: asker.user.id,
      receiverId: owner.user.id,
      content: 'Still there?',
    });
    expect(await browse(title)).toEqual([]);
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(404);
    // A conversation under way keeps its thread and the starter's page.
    expect((await t.call(asker, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
    const shownThread = await t.call(asker, 'GET', `/api/messages/starter/${starter.id}`);
    expect(shownThread.json()).toHaveLength(1);
    const conversations = (await t.call(owner, 'GET', '/api/conversations')).json();
    expect(conversations.map((c: { starterId: number }) => c.starterId)).toContain(starter.id);
    expect((await t.call(owner, 'GET', '/api/messages/unread-count')).json().count).toBe(1);
    const my = (await t.call(owner, 'GET', '/api/starters/my')).json();
    expect(my.find((s: { id: number }) => s.id === starter.id).status).toBe('expired');
    expect((await t.call(owner, 'GET', '/api/me/notices')).json()).toContainEqual(
      expect.objectContaining({ kind: 'expired', starterId: starter.id }),
    );

    const stranger = await signedInMember(t.db);
    const renewUrl = `/api/starters/${starter.id}/renew`;
    expect((await t.call(stranger, 'POST', renewUrl, {})).statusCode).toBe(404);
    const renewed = await t.call(owner, 'POST', renewUrl, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().status).toBe('available');
    expect(await browse(title)).toEqual([starter.id]);
  });

  it('warns two days ahead, and renews at most 5 times in a row without a hand-over', async () => {
    const { owner, starter } = await setting(2, {
      availableUntil: new Date(Date.now() + DAY),
    });
    expect((await t.call(owner, 'GET', '/api/me/notices')).json()).toContainEqual(
      expect.objectContaining({ kind: 'expires_soon', starterId: starter.id }),
    );
    const url = `/api/starters/${starter.id}/renew`;
    for (let i = 0; i < RENEWALS_MAX; i++) {
      expect((await t.call(owner, 'POST', url)).statusCode).toBe(200);
    }
    const refused = await t.call(owner, 'POST', url);
    expect(refused.statusCode).toBe(409);
    // A hand-over starts the count again.
    expect(
      (await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, { memberId: null }))
        .statusCode,
    ).toBe(201);
    expect((await t.call(owner, 'POST', url)).statusCode).toBe(200);
  });

  it('a claimed starter stops expiring and stays listed', async () => {
    const title = `Claimed ${crypto.randomBytes(4).toString('hex')}`;
    const { owner, starter } = await setting(1, { title });
    const res = await t.call(owner, 'PATCH', `/api/starters/${starter.id}`, { isClaimed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isClaimed: true, status: 'claimed' });
    await t.db
      .update(starters)
      .set({ availableUntil: new Date(Date.now() - DAY) })
      .where(eq(starters.id, starter.id));
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).json().status).toBe(
      'claimed',
    );
    expect((await t.call(owner, 'POST', `/api/starters/${starter.id}/renew`)).statusCode).toBe(409);
  });
});

describe('expiry reminders', () => {
  const mailTo = (email: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const remind = () => queueExpiryReminders({ db: t.db, config: t.config });

  it('mails the owner once per stretch, again after a renewal, never for a claimed one', async () => {
    const { owner, starter } = await setting(1, {
      title: 'Sourdough <b>starter</b>',
      availableUntil: new Date(Date.now() + DAY),
    });
    const later = await createStarterRow(t.db, owner.user.id, {
      availableUntil: new Date(Date.now() + 10 * DAY),
    });
    await createStarterRow(t.db, owner.user.id, {
      isClaimed: true,
      availableUntil: new Date(Date.now() + DAY),
    });
    // Two server copies at once still send one.
    await Promise.all([remind(), remind()]);
    await remind();
    const mails = await mailTo(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Sourdough <b>starter</b> leaves CultureShare soon');
    expect(mails[0]!.htmlBody).toContain('Sourdough &lt;b&gt;starter&lt;/b&gt;');
    expect(mails[0]!.textBody).toContain('/profile');
    expect(later.id).toBeGreaterThan(0);

    // The site-wide notice says the same.
    const notices = (await t.call(owner, 'GET', '/api/me/notices')).json();
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'expires_soon', starterId: starter.id }),
    ]);

    const renew = await t.call(owner, 'POST', `/api/starters/${starter.id}/renew`, {
      availableDays: 7,
    });
    expect(renew.statusCode, renew.body).toBeLessThan(300);
    await remind();
    expect(await mailTo(owner.user.email)).toHaveLength(1);
    // Five days on, the renewed stretch is nearly over: a new reminder.
    await t.db
      .update(starters)
      .set({ availableUntil: sql`now() + interval '1 day'` })
      .where(eq(starters.id, starter.id));
    await remind();
    expect(await mailTo(owner.user.email)).toHaveLength(2);
  });

  it('does not mail an owner who is banned, nor for an already expired listing', async () => {
    const banned = await signedInMember(t.db, { bannedAt: new Date() });
    await createStarterRow(t.db, banned.user.id, { availableUntil: new Date(Date.now() + DAY) });
    const { owner } = await setting(1, { availableUntil: new Date(Date.now() - DAY) });
    await remind();
    expect(await mailTo(banned.user.email)).toHaveLength(0);
    expect(await mailTo(owner.user.email)).toHaveLength(0);
  });
});
