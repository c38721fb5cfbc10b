import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, photos, reports, sanctions } from '../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('caching of API answers', () => {
  it('forbids every cache to keep a member’s private answers', async () => {
    const owner = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    const mod = await signedInMember(t.db, { isModerator: true });
    const starter = await createStarterRow(t.db, owner.user.id);
    await t.db.insert(messages).values({
      starterId: starter.id,
      senderId: asker.user.id,
      receiverId: owner.user.id,
      content: 'Is it still free?',
    });
    await t.db
      .insert(reports)
      .values({ starterId: starter.id, reporterId: asker.user.id, reason: 'spam' });
    await t.db.insert(sanctions).values({
      userId: asker.user.id,
      kind: 'ban',
      reason: 'Spam',
      createdBy: mod.user.id,
    });

    const calls: Array<{
      method?: 'GET' | 'POST' | 'PATCH';
      url: string;
      cookie: string;
      payload?: object;
    }> = [
      { url: '/api/conversations', cookie: owner.cookie },
      { url: '/api/messages/unread-count', cookie: owner.cookie },
      { url: `/api/messages/starter/${starter.id}?with=${asker.user.id}`, cookie: owner.cookie },
      {
        method: 'POST',
        url: '/api/messages',
        cookie: owner.cookie,
        payload: { starterId: starter.id, receiverId: asker.user.id, content: 'Yes, it is' },
      },
      { url: '/api/starters/my', cookie: owner.cookie },
      { url: '/api/auth/user', cookie: owner.cookie },
      {
        method: 'PATCH',
        url: '/api/users/profile',
        cookie: owner.cookie,
        payload: { username: `owner_${owner.user.id.slice(0, 8)}`, location: 'Leeds' },
      },
      { url: '/api/reports', cookie: mod.cookie },
      { url: '/api/reports/stats', cookie: mod.cookie },
      { url: '/api/moderation/audit', cookie: mod.cookie },
      { url: '/api/moderation/sanctions', cookie: mod.cookie },
    ];
    for (const { method = 'GET', url, cookie, payload } of calls) {
      const res = await t.call({ cookie }, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
      expect(res.headers['cache-control'], `${method} ${url}`).toMatch(/no-store/);
      // Never shared, whatever the route chose: no 'public', no s-maxage.
      expect(res.headers['cache-control'], `${method} ${url}`).not.toMatch(/public|s-maxage/);
    }
    const refused = await t.app.inject({ url: '/api/conversations' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves the policy a route sets itself, such as a public photo’s', async () => {
    const { user } = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, user.id);
    const [photo] = await t.db
      .insert(photos)
      .values({
        starterId: starter.id,
        full: Buffer.from('RIFF'),
        thumbnail: Buffer.from('RIFF'),
        width: 1,
        height: 1,
      })
      .returning();
    const res = await t.app.inject({ url: `/api/photos/${photo!.id}/thumb.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
  });
});
