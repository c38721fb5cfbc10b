import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  mailOutbox,
  moderationActions,
  reports,
  starterRemovals,
  starters,
  users,
} from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { REMOVAL_REASON_REQUIRED } from '../../../../common/moderation/removal-reasons';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

const mailTo = (member: Member) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.user.email));

/** A listing, a member's pending report on it and a moderator to act. */
async function reported() {
  const owner = await signedInMember(t.db);
  const reporter = await signedInMember(t.db);
  const mod = await signedInMember(t.db, { isModerator: true });
  const starter = await createStarterRow(t.db, owner.user.id, { title: 'Mystery jar' });
  const res = await t.call(reporter, 'POST', '/api/reports', {
    starterId: starter.id,
    reason: 'spam',
  });
  expect(res.statusCode).toBe(201);
  return { owner, reporter, mod, starter, reportId: res.json().id as number };
}

async function removed(reason = 'free') {
  const setup = await reported();
  const res = await t.call(setup.mod, 'POST', `/api/reports/${setup.reportId}/remove-starter`, {
    reason,
    note: 'Asked 5 euros per jar',
  });
  expect(res.statusCode).toBe(200);
  return setup;
}

async function snapshot() {
  return {
    starters: await t.db.select().from(starters).orderBy(starters.id),
    reports: await t.db.select().from(reports).orderBy(reports.id),
    removals: await t.db.select().from(starterRemovals).orderBy(starterRemovals.id),
    actions: await t.db.select().from(moderationActions).orderBy(moderationActions.id),
    mail: await t.db.select().from(mailOutbox).orderBy(mailOutbox.id),
  };
}

describe('Remove Starter names a rule', () => {
  it('refuses a removal without a reason from the rules with 400 and changes nothing', async () => {
    const { mod, reportId } = await reported();
    for (const body of [{}, { reason: 'rules' }, { reason: '' }, { note: 'no reason' }]) {
      const before = await snapshot();
      const res = await t.call(mod, 'POST', `/api/reports/${reportId}/remove-starter`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { reason: REMOVAL_REASON_REQUIRED } });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('mails the owner the rule and how to appeal, and tells the reporters the outcome', async () => {
    const { owner, reporter, starter, mod } = await reported();
    const second = await signedInMember(t.db);
    await t.call(second, 'POST', '/api/reports', { starterId: starter.id, reason: 'rules' });
    const [first] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, reporter.user.id));
    const res = await t.call(mod, 'POST', `/api/reports/${first!.id}/remove-starter`, {
      reason: 'free',
      note: 'Asked 5 euros per jar',
    });
    expect(res.statusCode).toBe(200);

    const [ownerMail] = await mailTo(owner);
    expect(ownerMail!.subject).toBe('Your listing “Mystery jar” was removed');
    expect(ownerMail!.textBody).toContain('it breaks Rule 2: Free Items Only');
    expect(ownerMail!.textBody).toContain('Asked 5 euros per jar');
    expect(ownerMail!.textBody).toContain('Appeal This Removal');
    expect(ownerMail!.textBody).toContain(`/starter/${starter.id}`);

    for (const who of [reporter, second]) {
      const [mail] = await mailTo(who);
      expect(mail!.subject).toBe('The listing you reported was removed');
      expect(mail!.textBody).toContain('A moderator removed “Mystery jar”');
      expect(mail!.textBody).toContain('Rule 2: Free Items Only');
    }
    const [removal] = await t.db
      .select()
      .from(starterRemovals)
      .where(eq(starterRemovals.starterId, starter.id));
    expect(removal).toMatchObject({ reason: 'free', note: 'Asked 5 euros per jar' });
    const [entry] = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.starterId, starter.id));
    expect(entry).toMatchObject({ action: 'remove_starter', details: { rule: 'free' } });
  });

  it('tells the reporter when a report is marked reviewed or resolved', async () => {
    for (const [status, subject, line] of [
      ['reviewed', 'Your report was reviewed', 'found it within the community rules'],
      ['resolved', 'Your report was resolved', 'without removing the listing'],
    ] as const) {
      const { mod, reporter, reportId } = await reported();
      const res = await t.call(mod, 'PATCH', `/api/reports/${reportId}`, { status });
      expect(res.statusCode).toBe(200);
      const [mail] = await mailTo(reporter);
      expect(mail!.subject).toBe(subject);
      expect(mail!.textBody).toContain(line);
    }
  });

  it('respects a member who turned mail about their listings and reports off, and only that', async () => {
    const { mod, reporter, owner, reportId } = await reported();
    // Message mail off changes nothing here: these mails are their own kind.
    await t.db.update(users).set({ messageMail: 'off' }).where(eq(users.id, owner.user.id));
    await t.db.update(users).set({ reminderMail: 'off' }).where(eq(users.id, reporter.user.id));
    await t.call(mod, 'POST', `/api/reports/${reportId}/remove-starter`, { reason: 'safety' });
    expect(await mailTo(reporter)).toEqual([]);
    expect(await mailTo(owner)).toHaveLength(1);
  });
});

describe('the owner sees the removal and appeals once', () => {
  it('shows the owner which rule, and nobody else', async () => {
    const { owner, reporter, mod, starter } = await removed('privacy');
    const mine = await t.call(owner, 'GET', `/api/starters/${starter.id}/removal`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      starterId: starter.id,
      reason: 'privacy',
      appeal: null,
      decision: null,
    });
    expect((await t.call(mod, 'GET', `/api/starters/${starter.id}/removal`)).statusCode).toBe(200);
    expect((await t.call(reporter, 'GET', `/api/starters/${starter.id}/removal`)).statusCode).toBe(
      404,
    );
    // The starter itself: the owner still opens it, others do not.
    expect((await t.call(owner, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
    expect((await t.call(reporter, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(404);
  });

  it('takes one appeal from the owner only', async () => {
    const { owner, reporter, mod, starter } = await removed();
    const appeal = (who: Member, text: unknown) =>
      t.call(who, 'POST', `/api/starters/${starter.id}/appeal`, { text });

    let before = await snapshot();
    expect((await appeal(reporter, 'Let me')).statusCode).toBe(404);
    expect((await appeal(mod, 'Let me')).statusCode).toBe(403);
    expect((await appeal(owner, '   ')).statusCode).toBe(400);
    expect((await appeal(owner, 'x'.repeat(1001))).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const first = await appeal(owner, 'The 5 euros was for the jar; I will take it out.');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      appeal: { text: 'The 5 euros was for the jar; I will take it out.' },
    });
    before = await snapshot();
    const again = await appeal(owner, 'Please?');
    expect(again.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an appeal on a listing that is up', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const res = await t.call(owner, 'POST', `/api/starters/${starter.id}/appeal`, { text: 'Hi' });
    expect(res.statusCode).toBe(409);
    expect((await t.call(owner, 'GET', `/api/starters/${starter.id}/removal`)).statusCode).toBe(
      404,
    );
  });
});

describe('moderators answer appeals', () => {
  async function appealed() {
    const setup = await removed();
    const res = await t.call(setup.owner, 'POST', `/api/starters/${setup.starter.id}/appeal`, {
      text: 'It was a jar deposit, now gone.',
    });
    expect(res.statusCode).toBe(201);
    return { ...setup, removalId: res.json().id as number };
  }

  it('lists open appeals to moderators only', async () => {
    const { mod, owner, removalId, starter } = await appealed();
    const list = await t.call(mod, 'GET', '/api/moderation/appeals');
    expect(list.statusCode).toBe(200);
    const item = list.json().find((a: { id: number }) => a.id === removalId);
    expect(item).toMatchObject({
      reason: 'free',
      appeal: { text: 'It was a jar deposit, now gone.' },
      owner: { id: owner.user.id },
      starter: { id: starter.id, title: 'Mystery jar' },
    });
    expect((await t.call(owner, 'GET', '/api/moderation/appeals')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/moderation/appeals' })).statusCode).toBe(
      401,
    );
  });

  it('restores the listing, audits it and tells the owner', async () => {
    const { mod, owner, removalId, starter, reporter } = await appealed();
    const before = await snapshot();
    expect(
      (
        await t.call(owner, 'POST', `/api/moderation/appeals/${removalId}`, {
          decision: 'restored',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call(mod, 'POST', `/api/moderation/appeals/${removalId}`, { decision: 'maybe' }))
        .statusCode,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);

    const res = await t.call(mod, 'POST', `/api/moderation/appeals/${removalId}`, {
      decision: 'restored',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'restored' });
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row).toMatchObject({ isActive: true, removedAt: null });
    expect((await t.call(reporter, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.starterId, starter.id));
    expect(entries.map((e) => e.action)).toEqual(['remove_starter', 'restore_starter']);
    const mails = await mailTo(owner);
    expect(mails.at(-1)!.subject).toBe('Your listing “Mystery jar” is back');

    const again = await t.call(mod, 'POST', `/api/moderation/appeals/${removalId}`, {
      decision: 'upheld',
    });
    expect(again.statusCode).toBe(409);
    const decided = await t.call(mod, 'GET', '/api/moderation/appeals?status=decided');
    expect(decided.json().map((a: { id: number }) => a.id)).toContain(removalId);
  });

  it('upholds the removal, audits it and tells the owner', async () => {
    const { mod, owner, removalId, starter } = await appealed();
    const res = await t.call(mod, 'POST', `/api/moderation/appeals/${removalId}`, {
      decision: 'upheld',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row!.removedAt).toBeInstanceOf(Date);
    const entries = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.starterId, starter.id));
    expect(entries.map((e) => e.action)).toEqual(['remove_starter', 'uphold_removal']);
    expect((await mailTo(owner)).at(-1)!.textBody).toContain('the removal of “Mystery jar” stands');
    const mine = await t.call(owner, 'GET', `/api/starters/${starter.id}/removal`);
    expect(mine.json()).toMatchObject({ decision: 'upheld' });
  });
});
