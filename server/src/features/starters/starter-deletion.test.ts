import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Starter, StarterList } from '../../../../common/listings/starters';
import { messages, moderationActions, reports, starters } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A starter with what moderation keeps of it: a pending report, a conversation and an audit entry. */
async function reportedStarter(overrides: Partial<typeof starters.$inferInsert> = {}) {
  const owner = await signedInMember(t.db);
  const reporter = await signedInMember(t.db);
  const moderator = await signedInMember(t.db, { isModerator: true });
  const starter = await createStarterRow(t.db, owner.user.id, {
    title: 'Questionable kombucha mother',
  });
  const sent = await t.call(reporter, 'POST', '/api/messages', {
    starterId: starter.id,
    receiverId: owner.user.id,
    content: 'Is this mouldy?',
  });
  expect(sent.statusCode).toBe(201);
  const reported = await t.call(reporter, 'POST', '/api/reports', {
    starterId: starter.id,
    reason: 'safety',
    description: 'Fuzzy green spots',
  });
  expect(reported.statusCode).toBe(201);
  const [report] = await t.db.select().from(reports).where(eq(reports.starterId, starter.id));
  await t.db.insert(moderationActions).values({
    moderatorId: moderator.user.id,
    action: 'report_status',
    reportId: report!.id,
    starterId: starter.id,
    targetUserId: owner.user.id,
    details: { status: 'reviewed' },
  });
  if (Object.keys(overrides).length) {
    await t.db.update(starters).set(overrides).where(eq(starters.id, starter.id));
  }
  return { owner, reporter, moderator, starter, report: report! };
}

const remove = (id: number, cookie: string) => t.call({ cookie }, 'DELETE', `/api/starters/${id}`);

describe('an owner deleting a starter', () => {
  it('keeps its reports, the other member’s messages and the audit links', async () => {
    const { owner, starter, report } = await reportedStarter();
    expect((await remove(starter.id, owner.cookie)).statusCode).toBe(204);

    expect(await t.db.select().from(reports).where(eq(reports.id, report.id))).toHaveLength(1);
    expect(
      await t.db.select().from(messages).where(eq(messages.starterId, starter.id)),
    ).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.reportId, report.id));
    expect(audit?.starterId).toBe(starter.id);
  });

  it('keeps a starter a moderator removed, with its history', async () => {
    const { owner, starter, report } = await reportedStarter({
      isActive: false,
      removedAt: new Date(),
    });
    expect((await remove(starter.id, owner.cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(reports).where(eq(reports.id, report.id))).toHaveLength(1);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.removedAt).toBeInstanceOf(Date);
  });

  it('makes it disappear for its owner and everyone else; moderators still see it in reports', async () => {
    const { owner, reporter, moderator, starter } = await reportedStarter();
    expect((await remove(starter.id, owner.cookie)).statusCode).toBe(204);

    const url = `/api/starters/${starter.id}`;
    expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await t.call(owner, 'GET', url)).statusCode).toBe(404);
    expect((await t.call(reporter, 'GET', url)).statusCode).toBe(404);
    const mine = await t.call(owner, 'GET', '/api/starters/my');
    expect(mine.json<Starter[]>().map((s) => s.id)).not.toContain(starter.id);
    const browse = (await t.app.inject('/api/starters?search=questionable')).json<StarterList>();
    expect(browse.starters.map((s) => s.id)).not.toContain(starter.id);

    // Changing it again is as for any missing starter.
    expect((await remove(starter.id, owner.cookie)).statusCode).toBe(404);
    const claim = await t.call(owner, 'PATCH', url, { isClaimed: true });
    expect(claim.statusCode).toBe(404);

    const queue = await t.call(moderator, 'GET', '/api/reports?status=pending');
    expect(queue.statusCode).toBe(200);
    expect(queue.json<Array<{ starter: { id: number } }>>().map((r) => r.starter.id)).toContain(
      starter.id,
    );
    expect((await t.call(moderator, 'GET', url)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('refuses any change or removal of an entry', async () => {
    const { report } = await reportedStarter();
    const where = eq(moderationActions.reportId, report.id);
    await expect(
      t.db.update(moderationActions).set({ reason: 'rewritten' }).where(where),
    ).rejects.toThrow();
    await expect(t.db.delete(moderationActions).where(where)).rejects.toThrow();
    expect(await t.db.select().from(moderationActions).where(where)).toHaveLength(1);
  });

  it('cannot lose a starter link through a hard delete of the starter', async () => {
    const { starter } = await reportedStarter();
    await expect(t.db.delete(starters).where(eq(starters.id, starter.id))).rejects.toThrow();
    expect(await t.db.select().from(starters).where(eq(starters.id, starter.id))).toHaveLength(1);
  });
});
