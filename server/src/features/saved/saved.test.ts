import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, starters } from '../../db/schema';
import { queueExpiryReminders } from '../starters/expiry-reminders';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ids = (res: { json(): unknown }) =>
  (res.json() as { starters?: { id: number }[] } | { id: number }[]) instanceof Array
    ? (res.json() as { id: number }[]).map((s) => s.id)
    : (res.json() as { starters: { id: number }[] }).starters.map((s) => s.id);

describe('saving listings', () => {
  it('PUT saves once however often, the Saved list shows it, DELETE takes it away', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const me = await signedInMember(t.db);
    const url = `/api/starters/${starter.id}/saved`;
    for (let i = 0; i < 2; i++) {
      const res = await t.call(me, 'PUT', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ starterId: starter.id, saved: true });
    }
    expect(ids(await t.call(me, 'GET', '/api/users/me/saved'))).toEqual([starter.id]);
    // Nobody else's list.
    expect(ids(await t.call(owner, 'GET', '/api/users/me/saved'))).toEqual([]);
    expect((await t.call(me, 'DELETE', url)).statusCode).toBe(204);
    expect((await t.call(me, 'DELETE', url)).statusCode).toBe(204);
    expect(ids(await t.call(me, 'GET', '/api/users/me/saved'))).toEqual([]);
  });

  it('signed out is 401; an unknown or unviewable listing is 404; a bad id is 400', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const removed = await createStarterRow(t.db, owner.user.id, { removedAt: new Date() });
    const me = await signedInMember(t.db);
    for (const mark of ['saved', 'hidden']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        expect((await t.call(null, method, `/api/starters/${starter.id}/${mark}`)).statusCode).toBe(
          401,
        );
        const unknown = await t.call(me, method, `/api/starters/999999/${mark}`);
        expect(unknown.statusCode).toBe(404);
        expect((await t.call(me, method, `/api/starters/${removed.id}/${mark}`)).statusCode).toBe(
          404,
        );
        expect((await t.call(me, method, `/api/starters/abc/${mark}`)).statusCode).toBe(400);
      }
    }
    expect((await t.call(null, 'GET', '/api/users/me/saved')).statusCode).toBe(401);
    expect((await t.call(null, 'GET', '/api/users/me/hidden')).statusCode).toBe(401);
  });

  it('a saver hears of a reservation for someone else, and the one reserved for does not', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, {
      title: 'Saved sourdough',
      portions: 3,
    });
    const saver = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    expect((await t.call(saver, 'PUT', `/api/starters/${starter.id}/saved`)).statusCode).toBe(200);
    expect((await t.call(asker, 'PUT', `/api/starters/${starter.id}/saved`)).statusCode).toBe(200);
    const asked = await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'May I have some?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const reserved = await t.call(owner, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: asker.user.id,
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const bell = await t.call(saver, 'GET', '/api/notifications');
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.body).toContain('Saved sourdough, which you saved, has been reserved');
    const theirs = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, asker.user.id), eq(notifications.kind, 'saved')));
    expect(theirs).toEqual([]);
  });
  it('a saver hears when the owner marks the saved listing claimed', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Claimed kefir' });
    const saver = await signedInMember(t.db);
    expect((await t.call(saver, 'PUT', `/api/starters/${starter.id}/saved`)).statusCode).toBe(200);
    const claimed = await t.call(owner, 'PATCH', `/api/starters/${starter.id}`, {
      isClaimed: true,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const bell = await t.call(saver, 'GET', '/api/notifications');
    expect(bell.body).toContain('Claimed kefir, which you saved, has been claimed');
  });
  it('a saver hears when the saved listing is about to expire, once, as its owner does', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, {
      title: 'Expiring jun',
      availableUntil: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    const saver = await signedInMember(t.db);
    expect((await t.call(saver, 'PUT', `/api/starters/${starter.id}/saved`)).statusCode).toBe(200);
    await queueExpiryReminders({ db: t.db, config: t.config });
    await queueExpiryReminders({ db: t.db, config: t.config });
    const items = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, saver.user.id), eq(notifications.kind, 'saved')));
    expect(items).toHaveLength(1);
    const bell = await t.call(saver, 'GET', '/api/notifications');
    expect(bell.body).toContain('Expiring jun, which you saved, leaves CultureShare soon');
  });
});

describe('hiding listings', () => {
  it('a hidden listing leaves that member’s browse and map, stays for others, and comes back on undo', async () => {
    const owner = await signedInMember(t.db);
    const title = `Hideable kombucha ${Date.now()}`;
    const starter = await createStarterRow(t.db, owner.user.id, {
      title,
      latitude: 45.52,
      longitude: -122.68,
    });
    const me = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const browse = async (who: typeof me | null) =>
      ids(await t.call(who, 'GET', '/api/starters?limit=50'));
    const map = async (who: typeof me | null) =>
      (
        (await t.call(who, 'GET', '/api/starters/map?bbox=-123,45,-122,46&zoom=15')).json() as {
          starters: { id: number }[];
        }
      ).starters.map((s) => s.id);
    expect(await browse(me)).toContain(starter.id);
    expect((await t.call(me, 'PUT', `/api/starters/${starter.id}/saved`)).statusCode).toBe(200);
    const hide = `/api/starters/${starter.id}/hidden`;
    expect((await t.call(me, 'PUT', hide)).statusCode).toBe(200);
    expect((await t.call(me, 'PUT', hide)).json()).toEqual({ starterId: starter.id, hidden: true });
    expect(await browse(me)).not.toContain(starter.id);
    expect(await map(me)).not.toContain(starter.id);
    expect(await browse(other)).toContain(starter.id);
    expect(await browse(null)).toContain(starter.id);
    expect(await map(other)).toContain(starter.id);
    const home = async (who: typeof me) =>
      (
        (await t.call(who, 'GET', '/api/site/home')).json() as {
          nearby: { starters: { id: number }[] };
        }
      ).nearby.starters.map((s) => s.id);
    expect(await home(me)).not.toContain(starter.id);
    expect(await home(other)).toContain(starter.id);
    // Hiding takes it off the Saved list; the Hidden list offers it back.
    expect(ids(await t.call(me, 'GET', '/api/users/me/saved'))).toEqual([]);
    expect(ids(await t.call(me, 'GET', '/api/users/me/hidden'))).toEqual([starter.id]);
    expect((await t.call(me, 'DELETE', hide)).statusCode).toBe(204);
    expect((await t.call(me, 'DELETE', hide)).statusCode).toBe(204);
    expect(await browse(me)).toContain(starter.id);
    expect(ids(await t.call(me, 'GET', '/api/users/me/hidden'))).toEqual([]);
    await t.db.delete(starters).where(eq(starters.id, starter.id));
  });
});
