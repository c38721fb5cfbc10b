import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { moderationActions, reports, sanctions, sessions, users } from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  sessionCookieFor,
  signedInMember,
  type TestApp,
} from '../../test/app';
import { findActiveSanction } from './moderation.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;

async function snapshot() {
  return {
    sanctions: await t.db.select().from(sanctions).orderBy(sanctions.id),
    actions: await t.db.select().from(moderationActions).orderBy(moderationActions.id),
    users: await t.db
      .select({ id: users.id, bannedAt: users.bannedAt, suspendedUntil: users.suspendedUntil })
      .from(users)
      .orderBy(users.id),
    sessions: await t.db.select({ sid: sessions.sid }).from(sessions).orderBy(sessions.sid),
  };
}

function sanction(cookie: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/moderation/sanctions',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

function lift(cookie: string | undefined, id: number, reason = 'Appeal accepted') {
  return t.app.inject({
    method: 'POST',
    url: `/api/moderation/sanctions/${id}/lift`,
    headers: cookie ? { cookie } : {},
    payload: { reason },
  });
}

const whoAmI = (cookie: string) => t.call({ cookie }, 'GET', '/api/moderation/sanctions');

describe('POST /api/moderation/sanctions', () => {
  it('suspends a member for a chosen period: sessions end at once, reports are refused', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const otherCookie = await sessionCookieFor(t.db, member.user.id);
    const starter = await createStarterRow(t.db, (await signedInMember(t.db)).user.id);

    const res = await sanction(mod.cookie, {
      userId: member.user.id,
      kind: 'suspension',
      days: 7,
      reason: 'Selling starters',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'suspension',
      reason: 'Selling starters',
      active: true,
      liftedAt: null,
      user: { id: member.user.id, username: member.user.username },
      createdBy: { id: mod.user.id },
    });
    const endsIn = new Date(body.endsAt).getTime() - Date.now();
    expect(endsIn).toBeGreaterThan(6.9 * DAY_MS);
    expect(endsIn).toBeLessThanOrEqual(7 * DAY_MS);

    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.suspendedUntil?.toISOString()).toBe(body.endsAt);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual(
      [],
    );
    for (const cookie of [member.cookie, otherCookie]) {
      const report = await t.call({ cookie }, 'POST', '/api/reports', {
        starterId: starter.id,
        reason: 'spam',
      });
      expect(report.statusCode).toBe(401);
    }
    // Even a session created afterwards (sign-in bypassed) is refused while suspended.
    const fresh = await sessionCookieFor(t.db, member.user.id);
    const refused = await t.call({ cookie: fresh }, 'POST', '/api/reports', {
      starterId: starter.id,
      reason: 'spam',
    });
    expect(refused.statusCode).toBe(401);

    const audit = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, member.user.id));
    expect(audit).toEqual([
      expect.objectContaining({
        moderatorId: mod.user.id,
        action: 'suspend',
        reason: 'Selling starters',
        details: { sanctionId: body.id, days: 7, endsAt: body.endsAt },
      }),
    ]);
    expect(await findActiveSanction(t.db, member.user.id)).toMatchObject({
      kind: 'suspension',
      reason: 'Selling starters',
    });
  });

  it('bans a member, linked to the report that prompted it', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const reporter = await signedInMember(t.db);
    const report = await t.call(reporter, 'POST', '/api/reports', {
      starterId: starter.id,
      reason: 'safety',
    });
    const res = await sanction(mod.cookie, {
      userId: owner.user.id,
      kind: 'ban',
      reason: 'Shared contaminated cultures twice',
      reportId: report.json().id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'ban', endsAt: null, active: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row!.bannedAt).toBeInstanceOf(Date);
    expect((await whoAmI(owner.cookie)).statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, owner.user.id));
    expect(entry).toMatchObject({ action: 'ban', reportId: report.json().id });

    // The banned member's starter can no longer be reported (it is hidden).
    const late = await t.call(
      { cookie: (await signedInMember(t.db)).cookie },
      'POST',
      '/api/reports',
      { starterId: starter.id, reason: 'spam' },
    );
    expect(late.statusCode).toBe(404);
  });

  it('is refused to visitors, members and sanctioned members, changing nothing', async () => {
    const target = await signedInMember(t.db);
    const member = await signedInMember(t.db);
    const suspendedMod = await signedInMember(t.db, {
      isModerator: true,
      suspendedUntil: new Date(Date.now() + DAY_MS),
    });
    const payload = { userId: target.user.id, kind: 'ban', reason: 'Spam' };
    // A suspended moderator's session is dropped on sight, so it is tried first.
    const beforeSuspended = await snapshot();
    expect((await sanction(suspendedMod.cookie, payload)).statusCode).toBe(401);
    expect({ ...(await snapshot()), sessions: [] }).toEqual({ ...beforeSuspended, sessions: [] });
    const before = await snapshot();
    expect((await sanction(undefined, payload)).statusCode).toBe(401);
    expect((await sanction(member.cookie, payload)).statusCode).toBe(403);
    expect((await sanction(target.cookie, payload)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses sanctioning a moderator, oneself, an unknown member or report', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const otherMod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const before = await snapshot();
    const toMod = await sanction(mod.cookie, {
      userId: otherMod.user.id,
      kind: 'ban',
      reason: 'x',
    });
    expect(toMod.statusCode).toBe(403);
    expect(toMod.json().message).toBe('Moderators cannot sanction each other');
    const self = await sanction(mod.cookie, { userId: mod.user.id, kind: 'ban', reason: 'x' });
    expect(self.statusCode).toBe(403);
    const unknown = await sanction(mod.cookie, {
      userId: 'no-such-user',
      kind: 'ban',
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const badReport = await sanction(mod.cookie, {
      userId: member.user.id,
      kind: 'ban',
      reason: 'x',
      reportId: 999_999,
    });
    expect(badReport.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await whoAmI(otherMod.cookie)).statusCode).toBe(200);
  });

  it('validates kind, reason and length with clear messages', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const before = await snapshot();
    const cases: Array<[object, string, RegExp]> = [
      [{ kind: 'suspension', reason: 'Spam' }, 'days', /how long/],
      [{ kind: 'suspension', reason: 'Spam', days: 0 }, 'days', /./],
      [{ kind: 'suspension', reason: 'Spam', days: 366 }, 'days', /./],
      [{ kind: 'ban', reason: 'Spam', days: 3 }, 'days', /no end/],
      [{ kind: 'ban', reason: '   ' }, 'reason', /give a reason/],
      [{ kind: 'ban' }, 'reason', /give a reason/],
      [{ kind: 'warning', reason: 'Spam' }, 'kind', /./],
    ];
    for (const [payload, field, message] of cases) {
      const res = await sanction(mod.cookie, { userId: member.user.id, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field]).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a second sanction while one holds (409)', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    expect(
      (
        await sanction(mod.cookie, {
          userId: member.user.id,
          kind: 'suspension',
          days: 1,
          reason: 'a',
        })
      ).statusCode,
    ).toBe(201);
    const before = await snapshot();
    const again = await sanction(mod.cookie, { userId: member.user.id, kind: 'ban', reason: 'b' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has an active sanction/);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/moderation/sanctions/:id/lift', () => {
  it('lifts a ban: the member may act again, and the lift is logged', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const created = (
      await sanction(mod.cookie, { userId: member.user.id, kind: 'ban', reason: 'Spam' })
    ).json();
    const res = await lift(mod.cookie, created.id, 'Appeal accepted');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      active: false,
      liftedAt: expect.any(String),
      liftedBy: { id: mod.user.id },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.bannedAt).toBeNull();
    expect(await findActiveSanction(t.db, member.user.id)).toBeNull();
    const cookie = await sessionCookieFor(t.db, member.user.id);
    const starter = await createStarterRow(t.db, (await signedInMember(t.db)).user.id);
    const report = await t.call({ cookie }, 'POST', '/api/reports', {
      starterId: starter.id,
      reason: 'spam',
    });
    expect(report.statusCode).toBe(201);
    const [entry] = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.action, 'lift_sanction'))
      .orderBy(moderationActions.id);
    expect(entry).toMatchObject({
      moderatorId: mod.user.id,
      targetUserId: member.user.id,
      reason: 'Appeal accepted',
      details: { sanctionId: created.id, kind: 'ban' },
    });
  });

  it('lifts a suspension and refuses to lift it twice', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const created = (
      await sanction(mod.cookie, {
        userId: member.user.id,
        kind: 'suspension',
        days: 30,
        reason: 'Rude messages',
      })
    ).json();
    expect((await lift(mod.cookie, created.id)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.suspendedUntil).toBeNull();
    const before = await snapshot();
    const again = await lift(mod.cookie, created.id);
    expect(again.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused to visitors and members, needs a reason, 404 for unknown ids', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const target = await signedInMember(t.db);
    const created = (
      await sanction(mod.cookie, { userId: target.user.id, kind: 'ban', reason: 'Spam' })
    ).json();
    const before = await snapshot();
    expect((await lift(undefined, created.id)).statusCode).toBe(401);
    expect((await lift(member.cookie, created.id)).statusCode).toBe(403);
    expect((await lift(mod.cookie, 999_999)).statusCode).toBe(404);
    const noReason = await lift(mod.cookie, created.id, '');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Please give a reason');
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/moderation/sanctions', () => {
  it('lists sanctions that hold by default, and all of them with active=false', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const a = await signedInMember(t.db);
    const b = await signedInMember(t.db);
    const holding = (
      await sanction(mod.cookie, { userId: a.user.id, kind: 'suspension', days: 3, reason: 'x' })
    ).json();
    const lifted = (
      await sanction(mod.cookie, { userId: b.user.id, kind: 'ban', reason: 'y' })
    ).json();
    await lift(mod.cookie, lifted.id);
    // A suspension that has run out no longer holds.
    const c = await signedInMember(t.db);
    const [expired] = await t.db
      .insert(sanctions)
      .values({
        userId: c.user.id,
        kind: 'suspension',
        reason: 'old',
        endsAt: new Date(Date.now() - 1000),
        createdBy: mod.user.id,
      })
      .returning();

    const active = await t.call(mod, 'GET', '/api/moderation/sanctions');
    expect(active.statusCode).toBe(200);
    const activeIds = active.json().map((s: { id: number }) => s.id);
    expect(activeIds).toContain(holding.id);
    expect(activeIds).not.toContain(lifted.id);
    expect(activeIds).not.toContain(expired!.id);

    const all = await t.call(mod, 'GET', '/api/moderation/sanctions?active=false');
    const allIds = all.json().map((s: { id: number }) => s.id);
    expect(allIds).toEqual(expect.arrayContaining([holding.id, lifted.id, expired!.id]));
    expect(allIds.indexOf(expired!.id)).toBeLessThan(allIds.indexOf(holding.id));
  });

  it('is for moderators only', async () => {
    const member = await signedInMember(t.db);
    expect((await t.app.inject({ url: '/api/moderation/sanctions' })).statusCode).toBe(401);
    expect((await whoAmI(member.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/moderation/audit', () => {
  it('shows who did what, when and why, newest first', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Audit kefir' });
    const reporter = await signedInMember(t.db);
    const reportId = (
      await t.call(reporter, 'POST', '/api/reports', { starterId: starter.id, reason: 'rules' })
    ).json().id;
    await t.call(mod, 'POST', `/api/reports/${reportId}/remove-starter`, {
      reason: 'starters-only',
      note: 'Not a culture',
    });
    await sanction(mod.cookie, {
      userId: owner.user.id,
      kind: 'suspension',
      days: 1,
      reason: 'Repeated off-topic posts',
      reportId,
    });
    const res = await t.call(mod, 'GET', '/api/moderation/audit');
    expect(res.statusCode).toBe(200);
    const mine = res
      .json()
      .filter((e: { moderator: { id: string } | null }) => e.moderator?.id === mod.user.id);
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'suspend',
        reason: 'Repeated off-topic posts',
        reportId,
        targetUser: {
          id: owner.user.id,
          username: owner.user.username,
          firstName: owner.user.firstName,
        },
        moderator: {
          id: mod.user.id,
          username: mod.user.username,
          firstName: mod.user.firstName,
        },
        createdAt: expect.any(String),
      }),
      expect.objectContaining({
        action: 'remove_starter',
        reason: 'Not a culture',
        reportId,
        starter: { id: starter.id, title: 'Audit kefir' },
      }),
    ]);
    const [report] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(report!.status).toBe('resolved');
  });

  it('is for moderators only', async () => {
    const member = await signedInMember(t.db);
    expect((await t.app.inject({ url: '/api/moderation/audit' })).statusCode).toBe(401);
    const res = await t.call(member, 'GET', '/api/moderation/audit');
    expect(res.statusCode).toBe(403);
  });
});

describe('every moderation call, by who is calling', () => {
  it('answers visitors 401, members 403 and sanctioned moderators 401, changing no row', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const reporter = await signedInMember(t.db);
    const reportId = (
      await t.call(reporter, 'POST', '/api/reports', { starterId: starter.id, reason: 'spam' })
    ).json().id as number;
    const sanctionId = (
      await sanction(mod.cookie, {
        userId: owner.user.id,
        kind: 'suspension',
        days: 2,
        reason: 'x',
      })
    ).json().id as number;

    const calls = [
      { method: 'GET', url: '/api/reports' },
      { method: 'GET', url: '/api/reports/stats' },
      { method: 'PATCH', url: `/api/reports/${reportId}`, payload: { status: 'resolved' } },
      {
        method: 'POST',
        url: `/api/reports/${reportId}/remove-starter`,
        payload: { reason: 'safety' },
      },
      { method: 'GET', url: '/api/moderation/appeals' },
      { method: 'POST', url: '/api/moderation/appeals/1', payload: { decision: 'restored' } },
      { method: 'GET', url: '/api/moderation/sanctions' },
      {
        method: 'POST',
        url: '/api/moderation/sanctions',
        payload: { userId: reporter.user.id, kind: 'ban', reason: 'x' },
      },
      {
        method: 'POST',
        url: `/api/moderation/sanctions/${sanctionId}/lift`,
        payload: { reason: 'y' },
      },
      { method: 'GET', url: '/api/moderation/audit' },
    ] as const;

    const member = await signedInMember(t.db);
    const bannedMod = await signedInMember(t.db, { isModerator: true, bannedAt: new Date() });
    // The banned moderator's session is dropped on first use; use it once before comparing.
    await t.call(bannedMod, 'GET', '/api/reports');
    const before = await snapshot();
    const reportsBefore = await t.db.select().from(reports).orderBy(reports.id);
    for (const call of calls) {
      const ask = (cookie?: string) =>
        t.app.inject({
          method: call.method,
          url: call.url,
          headers: cookie ? { cookie } : {},
          ...('payload' in call ? { payload: call.payload } : {}),
        });
      expect((await ask()).statusCode, `${call.method} ${call.url} visitor`).toBe(401);
      expect((await ask(member.cookie)).statusCode, `${call.method} ${call.url} member`).toBe(403);
      expect((await ask(reporter.cookie)).statusCode, `${call.method} ${call.url} reporter`).toBe(
        403,
      );
      // The starter's owner is suspended above, so they are signed out everywhere.
      expect((await ask(owner.cookie)).statusCode, `${call.method} ${call.url} owner`).toBe(401);
      expect((await ask(bannedMod.cookie)).statusCode, `${call.method} ${call.url} banned`).toBe(
        401,
      );
    }
    expect(await snapshot()).toEqual(before);
    expect(await t.db.select().from(reports).orderBy(reports.id)).toEqual(reportsBefore);
  });
});
