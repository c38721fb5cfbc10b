import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { moderationActions, reports, starters, users } from '../../db/schema';
import {
  createMember,
  createStarterRow,
  createTestApp,
  failInsertsWhere,
  signedInMember,
  type TestApp,
} from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_REPORTS_PER_DAY: '5' });
});
afterAll(async () => {
  await t?.close();
});

/** Everything a report call could write, to prove that a refused call wrote nothing. */
async function snapshot() {
  return {
    reports: await t.db.select().from(reports).orderBy(reports.id),
    actions: await t.db.select().from(moderationActions).orderBy(moderationActions.id),
    starters: await t.db.select().from(starters).orderBy(starters.id),
  };
}

async function post(cookie: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

async function ownedStarter() {
  const owner = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id);
  return { owner, starter };
}

describe('POST /api/reports', () => {
  it('lets a member report someone else’s starter', async () => {
    const { starter } = await ownedStarter();
    const member = await signedInMember(t.db);
    const res = await post(member.cookie, {
      starterId: starter.id,
      reason: 'safety',
      description: '  Mould on the grains in the photo  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), status: 'pending' });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json().id));
    expect(row).toMatchObject({
      starterId: starter.id,
      reporterId: member.user.id,
      reason: 'safety',
      description: 'Mould on the grains in the photo',
      status: 'pending',
    });
  });

  it('accepts a report without details unless the reason is other', async () => {
    const { starter } = await ownedStarter();
    const member = await signedInMember(t.db);
    const res = await post(member.cookie, { starterId: starter.id, reason: 'spam' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json().id));
    expect(row!.description).toBeNull();
  });

  it('refuses a visitor with 401 and writes nothing', async () => {
    const { starter } = await ownedStarter();
    const before = await snapshot();
    const res = await post(undefined, { starterId: starter.id, reason: 'spam' });
    expect(res.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a missing or unknown reason with the spec’s message', async () => {
    const { starter } = await ownedStarter();
    const member = await signedInMember(t.db);
    const before = await snapshot();
    for (const reason of [undefined, '', 'boring']) {
      const res = await post(member.cookie, { starterId: starter.id, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.reason).toBe('Please select a reason');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('requires details for the reason other, and at most 1000 characters', async () => {
    const { starter } = await ownedStarter();
    const member = await signedInMember(t.db);
    const before = await snapshot();
    const blank = await post(member.cookie, {
      starterId: starter.id,
      reason: 'other',
      description: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.description).toBe('Please describe the issue');
    const long = await post(member.cookie, {
      starterId: starter.id,
      reason: 'misleading',
      description: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.description).toMatch(/1000/);
    expect(await snapshot()).toEqual(before);

    const ok = await post(member.cookie, {
      starterId: starter.id,
      reason: 'other',
      description: 'x'.repeat(1000),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a report on one’s own starter', async () => {
    const { owner, starter } = await ownedStarter();
    const before = await snapshot();
    const res = await post(owner.cookie, { starterId: starter.id, reason: 'spam' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You can't report your own starter");
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a starter that does not exist or is hidden', async () => {
    const member = await signedInMember(t.db);
    const { starter: removed } = await ownedStarter();
    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: new Date() })
      .where(eq(starters.id, removed.id));
    const bannedOwner = await createMember(t.db, { bannedAt: new Date() });
    const ofBanned = await createStarterRow(t.db, bannedOwner.id);
    // A suspended owner cannot answer either: their starters are hidden like a banned one's.
    const suspendedOwner = await createMember(t.db, {
      suspendedUntil: new Date(Date.now() + 86_400_000),
    });
    const ofSuspended = await createStarterRow(t.db, suspendedOwner.id);
    const before = await snapshot();
    for (const starterId of [999_999, removed.id, ofBanned.id, ofSuspended.id]) {
      const res = await post(member.cookie, { starterId, reason: 'spam' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Starter not found');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('allows one open report per member per starter (409 with a message)', async () => {
    const { starter } = await ownedStarter();
    const member = await signedInMember(t.db);
    expect((await post(member.cookie, { starterId: starter.id, reason: 'spam' })).statusCode).toBe(
      201,
    );
    const before = await snapshot();
    const again = await post(member.cookie, { starterId: starter.id, reason: 'rules' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reported this starter/);
    expect(await snapshot()).toEqual(before);

    // Someone else may still report it.
    const other = await signedInMember(t.db);
    expect((await post(other.cookie, { starterId: starter.id, reason: 'rules' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a suspended or banned member (their session no longer signs them in)', async () => {
    const { starter } = await ownedStarter();
    const suspended = await signedInMember(t.db, {
      suspendedUntil: new Date(Date.now() + 86_400_000),
    });
    const banned = await signedInMember(t.db, { bannedAt: new Date() });
    const before = await snapshot();
    for (const { cookie } of [suspended, banned]) {
      const res = await post(cookie, { starterId: starter.id, reason: 'spam' });
      expect(res.statusCode).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('limits how many reports a member sends per day', async () => {
    const member = await signedInMember(t.db);
    for (let i = 0; i < 5; i++) {
      const { starter } = await ownedStarter();
      expect(
        (await post(member.cookie, { starterId: starter.id, reason: 'spam' })).statusCode,
      ).toBe(201);
    }
    const { starter } = await ownedStarter();
    const before = await snapshot();
    const res = await post(member.cookie, { starterId: starter.id, reason: 'spam' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('charges no quota for a report whose write fails', async () => {
    const limited = await createTestApp({ LIMIT_REPORTS_PER_DAY: '1' });
    try {
      await failInsertsWhere(limited.db, 'reports', 'description', 'this write fails');
      const owner = await createMember(limited.db);
      const starter = await createStarterRow(limited.db, owner.id);
      const member = await signedInMember(limited.db);
      const report = (description: string) =>
        limited.call(member, 'POST', '/api/reports', {
          starterId: starter.id,
          reason: 'other',
          description,
        });
      expect((await report('this write fails')).statusCode).toBe(500);
      expect((await report('It is for sale')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

/** A pending report on a fresh starter, filed by a fresh member. */
async function pendingReport(overrides: { reason?: string; description?: string } = {}) {
  const { owner, starter } = await ownedStarter();
  const reporter = await signedInMember(t.db);
  const res = await post(reporter.cookie, {
    starterId: starter.id,
    reason: overrides.reason ?? 'misleading',
    description: overrides.description ?? 'The photo shows yogurt, not kefir',
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as number, owner, starter, reporter };
}

describe('GET /api/reports and /api/reports/stats', () => {
  it('is for moderators only', async () => {
    const member = await signedInMember(t.db);
    for (const url of ['/api/reports', '/api/reports/stats', '/api/reports?status=resolved']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const res = await t.call(member, 'GET', url);
      expect(res.statusCode).toBe(403);
    }
  });

  it('lists the report item of spec §3 with ids, newest first, filtered by status', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const first = await pendingReport();
    const second = await pendingReport({ reason: 'other', description: 'Asks for money' });
    const res = await t.call(mod, 'GET', '/api/reports');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number }>;
    const ids = list.map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.find((r) => r.id === second.id)).toMatchObject({
      id: second.id,
      reason: 'other',
      description: 'Asks for money',
      status: 'pending',
      createdAt: expect.any(String),
      reporter: { username: second.reporter.user.username },
      starter: {
        id: second.starter.id,
        title: second.starter.title,
        category: 'dairy',
        description: second.starter.description,
        removedAt: null,
        user: { id: second.owner.user.id, username: second.owner.user.username },
      },
    });

    await t.call(mod, 'PATCH', `/api/reports/${first.id}`, { status: 'reviewed' });
    const reviewed = await t.call(mod, 'GET', '/api/reports?status=reviewed');
    expect(reviewed.json().map((r: { id: number }) => r.id)).toContain(first.id);
    expect(reviewed.json().every((r: { status: string }) => r.status === 'reviewed')).toBe(true);
    const pending = await t.call(mod, 'GET', '/api/reports');
    expect(pending.json().map((r: { id: number }) => r.id)).not.toContain(first.id);

    const bad = await t.call(mod, 'GET', '/api/reports?status=archived');
    expect(bad.statusCode).toBe(400);
  });

  it('pages through reports with limit and offset', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    await pendingReport();
    await pendingReport();
    const all = (await t.call(mod, 'GET', '/api/reports?limit=200')).json() as Array<{
      id: number;
    }>;
    const page = await t.call(mod, 'GET', '/api/reports?status=pending&limit=1&offset=1');
    expect(page.json().map((r: { id: number }) => r.id)).toEqual([all[1]!.id]);
    const tooMany = await t.call(mod, 'GET', '/api/reports?limit=500');
    expect(tooMany.statusCode).toBe(400);
  });

  it('counts every report by status from the database', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const counts = async () => (await t.call(mod, 'GET', '/api/reports/stats')).json();
    const before = await counts();
    const a = await pendingReport();
    await pendingReport();
    await t.call(mod, 'PATCH', `/api/reports/${a.id}`, { status: 'resolved' });
    const after = await counts();
    expect(after).toEqual({
      pending: before.pending + 1,
      reviewed: before.reviewed,
      resolved: before.resolved + 1,
      total: before.total + 2,
    });
    const rows = await t.db.select().from(reports);
    expect(after.total).toBe(rows.length);
  });
});

describe('PATCH /api/reports/:id', () => {
  it('moves a pending report to reviewed and records who did it in the audit log', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const { id, starter } = await pendingReport();
    const res = await t.call(mod, 'PATCH', `/api/reports/${id}`, { status: 'reviewed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'reviewed',
      reviewer: { id: mod.user.id },
      reviewedAt: expect.any(String),
    });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ status: 'reviewed', reviewedBy: mod.user.id });
    const audit = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.reportId, id));
    expect(audit).toEqual([
      expect.objectContaining({
        moderatorId: mod.user.id,
        action: 'report_status',
        starterId: starter.id,
        details: { from: 'pending', to: 'reviewed' },
      }),
    ]);
  });

  it('refuses anything but pending → reviewed or resolved with 409, changing nothing', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const { id } = await pendingReport();
    const patch = (status: string) => t.call(mod, 'PATCH', `/api/reports/${id}`, { status });
    let before = await snapshot();
    expect((await patch('pending')).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);

    expect((await patch('resolved')).statusCode).toBe(200);
    before = await snapshot();
    for (const status of ['reviewed', 'pending', 'resolved']) {
      const res = await patch(status);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This report has already been resolved.');
    }
    expect((await patch('deleted')).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses visitors, members and the reporter; 404 for an unknown report', async () => {
    const { id, reporter, owner } = await pendingReport();
    const member = await signedInMember(t.db);
    const mod = await signedInMember(t.db, { isModerator: true });
    const before = await snapshot();
    const patch = (cookie?: string, reportId = id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${reportId}`,
        headers: cookie ? { cookie } : {},
        payload: { status: 'resolved' },
      });
    expect((await patch()).statusCode).toBe(401);
    for (const who of [member, reporter, owner])
      expect((await patch(who.cookie)).statusCode).toBe(403);
    expect((await patch(mod.cookie, 987_654)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/reports/:id/remove-starter', () => {
  it('hides the starter, resolves its pending reports and logs it, all at once', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const { id, starter, owner } = await pendingReport();
    const second = await signedInMember(t.db);
    const secondRes = await post(second.cookie, { starterId: starter.id, reason: 'spam' });
    const res = await t.call(mod, 'POST', `/api/reports/${id}/remove-starter`, {
      reason: 'free',
      note: 'Selling, not gifting',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'resolved',
      starter: { id: starter.id, removedAt: expect.any(String) },
    });
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row).toMatchObject({ isActive: false, removedBy: mod.user.id });
    expect(row!.removedAt).toBeInstanceOf(Date);
    const statuses = await t.db
      .select({ id: reports.id, status: reports.status })
      .from(reports)
      .where(eq(reports.starterId, starter.id));
    expect(statuses.every((r) => r.status === 'resolved')).toBe(true);
    const audit = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.starterId, starter.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'remove_starter',
        moderatorId: mod.user.id,
        reportId: id,
        targetUserId: owner.user.id,
        reason: 'Selling, not gifting',
        details: {
          rule: 'free',
          removalId: expect.any(Number),
          resolvedReportIds: [id, secondRes.json().id].sort((a, b) => a - b),
        },
      }),
    ]);

    // Nobody can report it any more.
    const late = await post((await signedInMember(t.db)).cookie, {
      starterId: starter.id,
      reason: 'spam',
    });
    expect(late.statusCode).toBe(404);
  });

  it('works without a note and refuses non-pending reports, non-moderators and unknown ids', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const { id, owner } = await pendingReport();
    const remove = (cookie?: string, reportId = id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/reports/${reportId}/remove-starter`,
        headers: cookie ? { cookie } : {},
        payload: { reason: 'safety' },
      });
    const before = await snapshot();
    expect((await remove()).statusCode).toBe(401);
    expect((await remove(member.cookie)).statusCode).toBe(403);
    expect((await remove(owner.cookie)).statusCode).toBe(403);
    expect((await remove(mod.cookie, 876_543)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    expect((await remove(mod.cookie)).statusCode).toBe(200);
    const afterRemoval = await snapshot();
    const again = await remove(mod.cookie);
    expect(again.statusCode).toBe(409);
    expect(await snapshot()).toEqual(afterRemoval);
  });

  it('keeps the removed starter in the database with its owner intact', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const { id, starter, owner } = await pendingReport();
    await t.call(mod, 'POST', `/api/reports/${id}/remove-starter`, { reason: 'safety' });
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row).toMatchObject({ id: starter.id, userId: owner.user.id, title: starter.title });
    const [ownerRow] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(ownerRow!.bannedAt).toBeNull();
  });
});
