import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_RULE, TRUSTED_LIMIT_FACTOR } from '../../../common/members/trust';
import { moderationActions, sanctions, starterRemovals } from '../db/schema';
import {
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  trustedMember as trustedMemberOf,
  type TestApp,
} from '../test/app';

/* Trust levels (decision 164): one rule from what members did, a moderator's setting over it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_ASKS_PER_DAY: '2' });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
type Member = Awaited<ReturnType<typeof signedInMember>>;

const levelOf = async (who: Member) =>
  (await t.call(who, 'GET', '/api/auth/user')).json().trustLevel as string;
const myTrust = async (who: Member) => (await t.call(who, 'GET', '/api/users/me/trust')).json();

/** `count` confirmed hand-overs given by `who` (or received, with `received`). */
async function handovers(who: Member, count: number, { received = false } = {}) {
  for (let i = 0; i < count; i += 1) {
    const other = await signedInMember(t.db);
    const owner = received ? other : who;
    const starter = await createStarterRow(t.db, owner.user.id);
    await receivedHandover(t.db, {
      starterId: starter.id,
      giverId: owner.user.id,
      recipientId: received ? who.user.id : other.user.id,
    });
  }
}

const trustedMember = () => trustedMemberOf(t.db);

describe('trust levels', () => {
  it('start at new, and the member reads what would raise theirs', async () => {
    const fresh = await signedInMember(t.db);
    expect(await levelOf(fresh)).toBe('new');
    const trust = await myTrust(fresh);
    expect(trust).toMatchObject({ level: 'new', setByModerator: false, mayReview: false });
    expect(trust.raise).toEqual([
      { code: 'accountDays', have: 0, need: TRUST_RULE.member.accountDays },
      { code: 'handovers', have: 0, need: TRUST_RULE.member.handovers },
    ]);
    expect((await t.call(null, 'GET', '/api/users/me/trust')).statusCode).toBe(401);
  });

  it('rise with account age and confirmed hand-overs, then feedback, to trusted', async () => {
    const who = await signedInMember(t.db, { createdAt: daysAgo(10) });
    await handovers(who, 1, { received: true });
    expect(await levelOf(who)).toBe('member');
    expect((await myTrust(who)).raise.map((s: { code: string }) => s.code)).toEqual([
      'accountDays',
      'handovers',
      'handoversGiven',
      'feedbackUp',
    ]);
    const trusted = await trustedMember();
    expect(await levelOf(trusted)).toBe('trusted');
    expect(await myTrust(trusted)).toMatchObject({
      level: 'trusted',
      raise: [],
      mayReview: true,
      allows: ['basics', 'higherLimits', 'review'],
    });
  });

  it('fall with a sanction or a listing removed and not restored', async () => {
    const sanctioned = await trustedMember();
    await t.db
      .insert(sanctions)
      .values({ userId: sanctioned.user.id, kind: 'ban', reason: 'Scam' });
    expect(await levelOf(sanctioned)).toBe('new');

    const removed = await trustedMember();
    const starter = await createStarterRow(t.db, removed.user.id);
    await t.db
      .insert(starterRemovals)
      .values({ starterId: starter.id, reason: 'free', removedAt: new Date() });
    expect(await levelOf(removed)).toBe('member');
    expect((await myTrust(removed)).raise).toEqual([{ code: 'noUpheldReports', have: 1, need: 0 }]);
  });

  it('are set or lowered by a moderator with a reason kept in the audit log', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    const trusted = await trustedMember();
    const url = `/api/moderation/members/${trusted.user.id}/trust`;
    const lower = { level: 'member', reason: 'Pushy in messages' };

    expect((await t.call(trusted, 'POST', url, lower)).statusCode).toBe(403);
    const noReason = await t.call(moderator, 'POST', url, { level: 'member', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Please give a reason');
    expect((await t.call(moderator, 'POST', url, { level: 'elder', reason: 'x' })).statusCode).toBe(
      400,
    );
    const missing = '/api/moderation/members/nobody/trust';
    expect((await t.call(moderator, 'POST', missing, lower)).statusCode).toBe(404);
    expect(await levelOf(trusted)).toBe('trusted');

    const res = await t.call(moderator, 'POST', url, lower);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: trusted.user.id, level: 'member' });
    expect(await myTrust(trusted)).toMatchObject({ level: 'member', setByModerator: true });
    const [entry] = await t.db
      .select()
      .from(moderationActions)
      .where(
        and(
          eq(moderationActions.action, 'set_trust'),
          eq(moderationActions.targetUserId, trusted.user.id),
        ),
      );
    expect(entry).toMatchObject({
      moderatorId: moderator.user.id,
      reason: 'Pushy in messages',
      details: { level: 'member', before: 'trusted' },
    });
    const audit = (await t.call(moderator, 'GET', '/api/moderation/audit')).json();
    expect(audit[0]).toMatchObject({ action: 'set_trust', reason: 'Pushy in messages' });

    // A new member raised by hand is trusted at once.
    const fresh = await signedInMember(t.db);
    const raise = { level: 'trusted', reason: 'Runs the local bakery swap' };
    const raised = await t.call(
      moderator,
      'POST',
      `/api/moderation/members/${fresh.user.id}/trust`,
      raise,
    );
    expect(raised.statusCode).toBe(200);
    expect(await levelOf(fresh)).toBe('trusted');
  });

  it('raise the daily limits of trusted members', async () => {
    const ask = {
      category: 'dairy',
      subcategory: 'kefir',
      location: 'Leeds, England, United Kingdom',
    };
    const post = (who: Member) => t.call(who, 'POST', '/api/asks', ask);
    const base = t.config.limits.asksPerDay;

    const member = await signedInMember(t.db);
    for (let i = 0; i < base; i += 1) expect((await post(member)).statusCode).toBe(201);
    expect((await post(member)).statusCode).toBe(429);

    const trusted = await trustedMember();
    for (let i = 0; i < base * TRUSTED_LIMIT_FACTOR; i += 1) {
      expect((await post(trusted)).statusCode).toBe(201);
    }
    expect((await post(trusted)).statusCode).toBe(429);
  });
});
