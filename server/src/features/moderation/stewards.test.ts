import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { moderationActions, reports, sanctions, starters, stewards } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LEEDS = { location: 'Leeds, England, United Kingdom', latitude: 53.7965, longitude: -1.5478 };
const LONDON = {
  location: 'London, England, United Kingdom',
  latitude: 51.5072,
  longitude: -0.1276,
};

async function call(cookie: string, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
}

/** A pending report on a listing at `where`, by a member of the same town. */
async function reportAt(where: typeof LEEDS) {
  const owner = await signedInMember(t.db, where);
  const starter = await createStarterRow(t.db, owner.user.id, where);
  const reporter = await signedInMember(t.db, where);
  const [report] = await t.db
    .insert(reports)
    .values({ starterId: starter.id, reporterId: reporter.user.id, reason: 'spam' })
    .returning();
  return { owner, starter, reporter, report: report! };
}

/** A moderator appoints a fresh member steward of Leeds, 25 km around. */
async function leedsSteward() {
  const moderator = await signedInMember(t.db, { isModerator: true });
  const steward = await signedInMember(t.db, LEEDS);
  const res = await call(moderator.cookie, 'POST', '/api/moderation/stewards', {
    // The form sends what the moderator typed: a username does as well as an id.
    memberId: steward.user.username,
    place: 'Leeds, England, United Kingdom',
    radiusKm: 25,
  });
  expect(res.statusCode).toBe(201);
  return { moderator, steward, id: res.json().id as number };
}

describe('stewards', () => {
  it('lists a steward’s area with the current user, and none for most members', async () => {
    const { steward, id } = await leedsSteward();
    const me = (await call(steward.cookie, 'GET', '/api/auth/user')).json();
    expect(me.stewardOf).toEqual([{ id, place: expect.stringMatching(/^Leeds/), radiusKm: 25 }]);
    const other = await signedInMember(t.db);
    expect((await call(other.cookie, 'GET', '/api/auth/user')).json().stewardOf).toEqual([]);
  });

  it('lets a Leeds steward act on a Leeds report and not on a London one', async () => {
    const { steward } = await leedsSteward();
    const leeds = await reportAt(LEEDS);
    const london = await reportAt(LONDON);

    const list = await call(steward.cookie, 'GET', '/api/reports?status=pending');
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((r: { id: number }) => r.id);
    expect(ids).toContain(leeds.report.id);
    expect(ids).not.toContain(london.report.id);

    const far = await call(steward.cookie, 'PATCH', `/api/reports/${london.report.id}`, {
      status: 'reviewed',
    });
    expect(far.statusCode).toBe(404);
    const farRemove = await call(
      steward.cookie,
      'POST',
      `/api/reports/${london.report.id}/remove-starter`,
      { reason: 'inappropriate' },
    );
    expect(farRemove.statusCode).toBe(404);
    const [still] = await t.db.select().from(starters).where(eq(starters.id, london.starter.id));
    expect(still!.removedAt).toBeNull();

    const near = await call(
      steward.cookie,
      'POST',
      `/api/reports/${leeds.report.id}/remove-starter`,
      { reason: 'inappropriate' },
    );
    expect(near.statusCode).toBe(200);
    const [removed] = await t.db.select().from(starters).where(eq(starters.id, leeds.starter.id));
    expect(removed!.removedAt).not.toBeNull();
  });

  it('lists a report on a Leeds listing its reports took off the site, as the Reports count does', async () => {
    const { steward } = await leedsSteward();
    const leeds = await reportAt(LEEDS);
    await t.db
      .update(starters)
      .set({ heldForReviewAt: new Date() })
      .where(eq(starters.id, leeds.starter.id));

    const list = await call(steward.cookie, 'GET', '/api/reports?status=pending');
    const ids = list.json().map((r: { id: number }) => r.id);
    expect(ids).toContain(leeds.report.id);
    const waiting = (await call(steward.cookie, 'GET', '/api/moderation/waiting')).json();
    expect(waiting.reports.count).toBe(ids.length);
  });

  it('shows moderators every steward action in the audit log, and sends appeals of it to them', async () => {
    const { moderator, steward } = await leedsSteward();
    const { report, starter, owner } = await reportAt(LEEDS);
    await call(steward.cookie, 'POST', `/api/reports/${report.id}/remove-starter`, {
      reason: 'inappropriate',
    });
    const audit = (await call(moderator.cookie, 'GET', '/api/moderation/audit')).json();
    const entry = audit.find(
      (e: { action: string; reportId: number }) =>
        e.action === 'remove_starter' && e.reportId === report.id,
    );
    expect(entry).toMatchObject({ moderator: { id: steward.user.id }, details: { steward: true } });
    expect((await call(steward.cookie, 'GET', '/api/moderation/audit')).statusCode).toBe(403);

    const appeal = await call(owner.cookie, 'POST', `/api/starters/${starter.id}/appeal`, {
      text: 'It was a real listing.',
    });
    expect(appeal.statusCode).toBe(201);
    // An appeal of a steward's removal goes to a moderator, never to a steward.
    const theirs = await call(steward.cookie, 'GET', '/api/moderation/appeals?status=open');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().map((a: { starterId: number }) => a.starterId)).not.toContain(starter.id);
    const open = (await call(moderator.cookie, 'GET', '/api/moderation/appeals')).json();
    const mine = open.find((a: { starterId: number }) => a.starterId === starter.id);
    expect(mine).toBeDefined();
    const decided = await call(steward.cookie, 'POST', `/api/moderation/appeals/${mine.id}`, {
      decision: 'restored',
    });
    expect(decided.statusCode).toBe(404);
  });

  it('lets a steward decide appeals in their area of removals a moderator made, and no others', async () => {
    const { moderator, steward } = await leedsSteward();
    const appealed = async (where: typeof LEEDS) => {
      const { report, starter, owner } = await reportAt(where);
      const removed = await call(
        moderator.cookie,
        'POST',
        `/api/reports/${report.id}/remove-starter`,
        {
          reason: 'inappropriate',
        },
      );
      expect(removed.statusCode).toBe(200);
      const res = await call(owner.cookie, 'POST', `/api/starters/${starter.id}/appeal`, {
        text: 'It was a real listing.',
      });
      expect(res.statusCode).toBe(201);
      return { starterId: starter.id, id: res.json().id as number };
    };
    const leeds = await appealed(LEEDS);
    const london = await appealed(LONDON);
    const seen = (await call(steward.cookie, 'GET', '/api/moderation/appeals?status=open')).json();
    const starterIds = seen.map((a: { starterId: number }) => a.starterId);
    expect(starterIds).toContain(leeds.starterId);
    expect(starterIds).not.toContain(london.starterId);
    const ids = Object.fromEntries(
      (await call(moderator.cookie, 'GET', '/api/moderation/appeals'))
        .json()
        .map((a: { id: number; starterId: number }) => [a.starterId, a.id]),
    );
    const far = await call(
      steward.cookie,
      'POST',
      `/api/moderation/appeals/${ids[london.starterId]}`,
      {
        decision: 'restored',
      },
    );
    expect(far.statusCode).toBe(404);
    const near = await call(
      steward.cookie,
      'POST',
      `/api/moderation/appeals/${ids[leeds.starterId]}`,
      {
        decision: 'restored',
      },
    );
    expect(near.statusCode).toBe(200);
    const audit = (await call(moderator.cookie, 'GET', '/api/moderation/audit')).json();
    expect(
      audit.find(
        (e: { action: string; starter: { id: number } | null }) =>
          e.action === 'restore_starter' && e.starter?.id === leeds.starterId,
      ),
    ).toMatchObject({ moderator: { id: steward.user.id }, details: { steward: true } });
  });

  it('lets a steward suspend a member of their area for a week at most, and never ban', async () => {
    const { steward } = await leedsSteward();
    const near = await signedInMember(t.db, LEEDS);
    const far = await signedInMember(t.db, LONDON);
    const sanction = (userId: string, extra: object) =>
      call(steward.cookie, 'POST', '/api/moderation/sanctions', {
        userId,
        reason: 'Rude messages',
        ...extra,
      });

    const ban = await sanction(near.user.id, { kind: 'ban' });
    expect(ban.statusCode).toBe(403);
    expect(ban.json().message).toMatch(/Only a moderator can ban/);
    const long = await sanction(near.user.id, { kind: 'suspension', days: 14 });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 7 days/);
    expect(await t.db.select().from(sanctions).where(eq(sanctions.userId, near.user.id))).toEqual(
      [],
    );
    expect((await sanction(far.user.id, { kind: 'suspension', days: 3 })).statusCode).toBe(404);
    const week = await sanction(near.user.id, { kind: 'suspension', days: 7 });
    expect(week.statusCode).toBe(201);
    expect((await call(steward.cookie, 'GET', '/api/moderation/sanctions')).statusCode).toBe(403);
  });

  it('refuses members without rights, and lets moderators remove a steward', async () => {
    const member = await signedInMember(t.db);
    expect((await call(member.cookie, 'GET', '/api/reports?status=pending')).statusCode).toBe(403);
    expect(
      (
        await call(member.cookie, 'POST', '/api/moderation/stewards', {
          memberId: member.user.id,
          place: 'Leeds, England, United Kingdom',
          radiusKm: 10,
        })
      ).statusCode,
    ).toBe(403);

    const { moderator, steward, id } = await leedsSteward();
    const unknown = await call(moderator.cookie, 'POST', '/api/moderation/stewards', {
      memberId: steward.user.id,
      place: 'Nowhere at all',
      radiusKm: 10,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose a place from the list');
    const wide = await call(moderator.cookie, 'POST', '/api/moderation/stewards', {
      memberId: steward.user.id,
      place: 'Leeds, England, United Kingdom',
      radiusKm: 5000,
    });
    expect(wide.statusCode).toBe(400);

    expect(
      (await call(moderator.cookie, 'DELETE', `/api/moderation/stewards/${id}`)).statusCode,
    ).toBe(204);
    expect(await t.db.select().from(stewards).where(eq(stewards.id, id))).toEqual([]);
    expect((await call(steward.cookie, 'GET', '/api/reports?status=pending')).statusCode).toBe(403);
    expect(
      (await call(moderator.cookie, 'DELETE', `/api/moderation/stewards/${id}`)).statusCode,
    ).toBe(404);
    const actions = await t.db
      .select({ action: moderationActions.action })
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, steward.user.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['appoint_steward', 'remove_steward']);
  });
});
