import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LEEDS = 'Leeds, England, United Kingdom';

async function call(cookie: string | undefined, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

describe('GET /api/moderation/log', () => {
  it('lists what was done, under which rule, when and in which town — never who reported', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    const owner = await signedInMember(t.db, { location: LEEDS, username: 'leeds_owner' });
    const starter = await createStarterRow(t.db, owner.user.id, { location: LEEDS });
    const reporter = await signedInMember(t.db, { username: 'secret_reporter' });
    const [report] = await t.db
      .insert(reports)
      .values({ starterId: starter.id, reporterId: reporter.user.id, reason: 'spam' })
      .returning();
    const removed = await call(
      moderator.cookie,
      'POST',
      `/api/reports/${report!.id}/remove-starter`,
      {
        reason: 'inappropriate',
      },
    );
    expect(removed.statusCode).toBe(200);
    const suspended = await signedInMember(t.db, { location: LEEDS, username: 'brief_break' });
    await call(moderator.cookie, 'POST', '/api/moderation/sanctions', {
      userId: suspended.user.id,
      kind: 'suspension',
      days: 3,
      reason: 'Rude messages',
      rule: 'inappropriate',
    });
    const banned = await signedInMember(t.db, { location: LEEDS, username: 'gone_for_good' });
    await call(moderator.cookie, 'POST', '/api/moderation/sanctions', {
      userId: banned.user.id,
      kind: 'ban',
      reason: 'Selling starters',
      rule: 'free',
    });

    const res = await call(undefined, 'GET', '/api/moderation/log?limit=3');
    expect(res.statusCode).toBe(200);
    const log = res.json();
    expect(log).toEqual([
      {
        action: 'ban',
        rule: 'free',
        at: expect.any(String),
        place: LEEDS,
        member: 'gone_for_good',
      },
      { action: 'suspend', rule: 'inappropriate', at: expect.any(String), place: LEEDS },
      { action: 'remove_starter', rule: 'inappropriate', at: expect.any(String), place: LEEDS },
    ]);
    const text = JSON.stringify(log);
    for (const secret of [
      'secret_reporter',
      'brief_break',
      'leeds_owner',
      moderator.user.username!,
    ]) {
      expect(text).not.toContain(secret);
    }

    const older = await call(undefined, 'GET', `/api/moderation/log?limit=3&before=${log[1].at}`);
    expect(older.json()[0]).toMatchObject({ action: 'remove_starter' });
  });

  it('answers a banned member with no name as null, for the page to word in its language', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    const nameless = await signedInMember(t.db, {
      location: LEEDS,
      username: null,
      firstName: null,
    });
    const ban = await call(moderator.cookie, 'POST', '/api/moderation/sanctions', {
      userId: nameless.user.id,
      kind: 'ban',
      reason: 'Selling starters',
    });
    expect(ban.statusCode).toBe(201);
    const res = await call(undefined, 'GET', '/api/moderation/log?limit=1');
    expect(res.json()).toEqual([
      { action: 'ban', rule: null, at: expect.any(String), place: LEEDS, member: null },
    ]);
    expect(res.body).not.toContain('A member');
  });

  it('refuses a bad limit or date with a 400 naming it', async () => {
    const wide = await call(undefined, 'GET', '/api/moderation/log?limit=1000');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toMatch(/limit/);
    const when = await call(undefined, 'GET', '/api/moderation/log?before=yesterday');
    expect(when.statusCode).toBe(400);
    expect(when.json().message).toMatch(/before/);
  });
});
