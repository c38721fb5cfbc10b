import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HELD_UNDO_MS } from '../../../../common/moderation/screening';
import { REVIEW_STANDING } from '../../../../common/moderation/review';
import * as clock from '../../clock/clock';
import {
  blocks,
  heldMessages,
  messages,
  moderationActions,
  reports,
  reviewItems,
  reviewVerdicts,
  starterRemovals,
  starters,
} from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  signedInMember,
  trustedMember,
  type TestApp,
} from '../../test/app';
import { livePublisher } from '../messages/live-events';
import { locate } from '../places/places.service';
import { settleHeldDecisions } from '../screening/held.service';

/* Review by the many (decision 165): trusted members near a held item decide it together. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => clock.resetClock());

type Member = Awaited<ReturnType<typeof signedInMember>>;
const place = (name: string) => {
  const found = locate(name)!;
  return { location: name, latitude: found.latitude, longitude: found.longitude };
};
const LEEDS = place('Leeds, England, United Kingdom');
const LONDON = place('London, England, United Kingdom');

const queue = async (who: Member) => {
  const res = await t.call(who, 'GET', '/api/review');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{ id: number; kind: string; split: boolean; [k: string]: unknown }>;
};
const verdict = (who: Member, id: number, value: string) =>
  t.call(who, 'POST', `/api/review/${id}`, { verdict: value });
const settle = () =>
  settleHeldDecisions({ db: t.db, config: t.config, live: livePublisher(t.database, console) });

let listings = 0;
/** A listing in Leeds that screening held, by a new member; each with its own title. */
async function heldListing() {
  const owner = await signedInMember(t.db, LEEDS);
  listings += 1;
  const starter = await createStarterRow(t.db, owner.user.id, {
    ...LEEDS,
    title: `Kombucha scoby ${listings}`,
    heldAt: new Date(),
    heldCodes: ['payment'],
  });
  return { owner, starter };
}

/** A message held between two members about a Leeds listing. */
async function heldMessage(content: string) {
  const owner = await signedInMember(t.db, LEEDS);
  const starter = await createStarterRow(t.db, owner.user.id, LEEDS);
  const sender = await signedInMember(t.db, LEEDS);
  const [row] = await t.db
    .insert(heldMessages)
    .values({
      starterId: starter.id,
      senderId: sender.user.id,
      receiverId: owner.user.id,
      content,
      codes: ['contact'],
    })
    .returning();
  return { owner, sender, starter, held: row! };
}

const itemFor = async (
  who: Member,
  kind: string,
  match: (item: Record<string, unknown>) => boolean,
) => (await queue(who)).find((i) => i.kind === kind && match(i));

describe('review by the many', () => {
  it('is for trusted members: others are refused with 403', async () => {
    const member = await signedInMember(t.db, LEEDS);
    expect((await t.call(member, 'GET', '/api/review')).statusCode).toBe(403);
    expect((await verdict(member, 1, 'release')).statusCode).toBe(403);
    expect((await t.call(null, 'GET', '/api/review')).statusCode).toBe(401);
    const trusted = await trustedMember(t.db, LEEDS);
    expect((await verdict(trusted, 1, 'maybe')).statusCode).toBe(400);
    expect((await verdict(trusted, 0, 'release')).statusCode).toBe(400);
  });

  it('releases a held listing on two agreeing verdicts, through the moderators’ path', async () => {
    const { starter } = await heldListing();
    const first = await trustedMember(t.db, LEEDS);
    const second = await trustedMember(t.db, LEEDS);
    const item = await itemFor(first, 'listing', (i) => i.title === starter.title);
    expect(item).toMatchObject({ title: starter.title, split: false, codes: ['payment'] });
    expect(item).not.toHaveProperty('votes');

    expect((await verdict(first, item!.id, 'release')).json()).toEqual({
      id: item!.id,
      status: 'waiting',
    });
    // Once judged, it leaves the reviewer's queue.
    expect((await queue(first)).some((i) => i.id === item!.id)).toBe(false);
    expect((await verdict(first, item!.id, 'release')).statusCode).toBe(404);

    const res = await verdict(second, item!.id, 'release');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: item!.id, status: 'released' });
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row).toMatchObject({ heldDecision: 'released', heldDecidedBy: null });

    clock.advanceClock(HELD_UNDO_MS + 1000);
    await settle();
    const [after] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(after!.heldAt).toBeNull();
    const audit = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.starterId, starter.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'release_starter', moderatorId: null }),
    ]);
  });

  it('never shows reviewers their own items, nor those of members they dealt with or blocked, nor far ones', async () => {
    const { owner, starter } = await heldListing();
    const sees = async (who: Member) =>
      (await queue(who)).some((i) => i.kind === 'listing' && i.title === starter.title);

    const near = await trustedMember(t.db, LEEDS);
    expect(await sees(near)).toBe(true);
    const far = await trustedMember(t.db, LONDON);
    expect(await sees(far)).toBe(false);

    const talked = await trustedMember(t.db, LEEDS);
    const other = await createStarterRow(t.db, talked.user.id, LEEDS);
    await t.db.insert(messages).values({
      starterId: other.id,
      senderId: owner.user.id,
      receiverId: talked.user.id,
      content: 'Is it still there?',
    });
    expect(await sees(talked)).toBe(false);

    const blocker = await trustedMember(t.db, LEEDS);
    await t.db.insert(blocks).values({ blockerId: blocker.user.id, blockedId: owner.user.id });
    expect(await sees(blocker)).toBe(false);

    // The owner, trusted by a moderator, never reviews their own listing.
    const moderator = await signedInMember(t.db, { isModerator: true });
    await t.call(moderator, 'POST', `/api/moderation/members/${owner.user.id}/trust`, {
      level: 'trusted',
      reason: 'Long-standing member',
    });
    expect(await sees(owner)).toBe(false);
  });

  it('shows a held message’s text alone; a split asks a third reviewer and shows to moderators', async () => {
    const { held } = await heldMessage('Text me on 0412 345 678');
    const [a, b, c] = [
      await trustedMember(t.db, LEEDS),
      await trustedMember(t.db, LEEDS),
      await trustedMember(t.db, LEEDS),
    ];
    const item = await itemFor(a, 'message', (i) => i.text === 'Text me on 0412 345 678');
    expect(item).toEqual({
      id: expect.any(Number),
      kind: 'message',
      createdAt: expect.any(String),
      split: false,
      title: null,
      text: 'Text me on 0412 345 678',
      codes: ['contact'],
    });
    expect((await verdict(a, item!.id, 'release')).json().status).toBe('waiting');
    expect((await verdict(b, item!.id, 'hide')).json().status).toBe('split');

    const moderator = await signedInMember(t.db, { isModerator: true });
    const seen = (await queue(moderator)).find((i) => i.id === item!.id);
    expect(seen).toMatchObject({ split: true, votes: { release: 1, hide: 1 } });
    expect((await queue(c)).find((i) => i.id === item!.id)).toMatchObject({ split: true });

    expect((await verdict(c, item!.id, 'hide')).json()).toEqual({
      id: item!.id,
      status: 'hidden',
    });
    const [row] = await t.db.select().from(heldMessages).where(eq(heldMessages.id, held.id));
    expect(row).toMatchObject({ status: 'rejected', decidedBy: null });
  });

  it('lets a moderator decide at once', async () => {
    const { starter } = await heldListing();
    const moderator = await signedInMember(t.db, { isModerator: true });
    const item = (await queue(moderator)).find((i) => i.title === starter.title);
    const res = await verdict(moderator, item!.id, 'hide');
    expect(res.json()).toEqual({ id: item!.id, status: 'hidden' });
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row).toMatchObject({ heldDecision: 'rejected', heldDecidedBy: moderator.user.id });
  });

  it('takes review rights from a reviewer often overturned', async () => {
    const reviewer = await trustedMember(t.db, LEEDS);
    expect((await t.call(reviewer, 'GET', '/api/users/me/trust')).json().mayReview).toBe(true);
    for (let i = 0; i < REVIEW_STANDING.minDecided; i += 1) {
      const { owner, starter } = await heldListing();
      const [item] = await t.db
        .insert(reviewItems)
        .values({
          kind: 'listing',
          refId: starter.id,
          starterId: starter.id,
          subjectId: owner.user.id,
          outcome: 'hide',
          decidedAt: new Date(),
        })
        .returning();
      await t.db
        .insert(reviewVerdicts)
        .values({ itemId: item!.id, reviewerId: reviewer.user.id, verdict: 'release' });
    }
    expect((await t.call(reviewer, 'GET', '/api/review')).statusCode).toBe(403);
    const trust = (await t.call(reviewer, 'GET', '/api/users/me/trust')).json();
    expect(trust).toMatchObject({ level: 'trusted', mayReview: false });
    expect(trust.allows).not.toContain('review');
  });

  describe('reported listings', () => {
    /** A Leeds listing a neighbour reported for `reason`. */
    async function reportedListing(reason: string) {
      const owner = await signedInMember(t.db, LEEDS);
      listings += 1;
      const starter = await createStarterRow(t.db, owner.user.id, {
        ...LEEDS,
        title: `Milk kefir grains ${listings}`,
      });
      const reporter = await signedInMember(t.db, LEEDS);
      const res = await t.call(reporter, 'POST', '/api/reports', {
        starterId: starter.id,
        reason,
        description: reason === 'other' ? 'Looks like a shop' : undefined,
      });
      expect(res.statusCode, res.body).toBe(201);
      return { owner, starter, reporter, reportId: res.json().id as number };
    }
    const reportsOn = (starterId: number) =>
      t.db.select().from(reports).where(eq(reports.starterId, starterId));

    it('show the listing and the reason, never who reported; hide removes it under the report’s rule', async () => {
      const { starter, reporter, reportId } = await reportedListing('misleading');
      const [a, b] = [await trustedMember(t.db, LEEDS), await trustedMember(t.db, LEEDS)];
      const item = await itemFor(a, 'report', (i) => i.title === starter.title);
      expect(item).toEqual({
        id: expect.any(Number),
        kind: 'report',
        createdAt: expect.any(String),
        split: false,
        title: starter.title,
        text: expect.any(String),
        codes: [],
        reason: 'misleading',
      });
      expect(JSON.stringify(item)).not.toContain(reporter.user.id);

      expect((await verdict(a, item!.id, 'hide')).json().status).toBe('waiting');
      expect((await verdict(b, item!.id, 'hide')).json()).toEqual({
        id: item!.id,
        status: 'hidden',
      });
      const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
      expect(row!.removedAt).not.toBeNull();
      expect(row!.removedBy).toBeNull();
      const removals = await t.db
        .select()
        .from(starterRemovals)
        .where(eq(starterRemovals.starterId, starter.id));
      expect(removals).toEqual([
        expect.objectContaining({ reportId, reason: 'accurate', removedBy: null }),
      ]);
      expect(await reportsOn(starter.id)).toEqual([
        expect.objectContaining({ status: 'resolved', reviewedBy: null }),
      ]);
      const audit = await t.db
        .select()
        .from(moderationActions)
        .where(eq(moderationActions.starterId, starter.id));
      expect(audit).toEqual([
        expect.objectContaining({ action: 'remove_starter', moderatorId: null }),
      ]);
      expect((await queue(a)).some((i) => i.id === item!.id)).toBe(false);
    });

    it('release dismisses the report; the reporter never reviews it', async () => {
      const { starter, reporter } = await reportedListing('inappropriate');
      const moderator = await signedInMember(t.db, { isModerator: true });
      await t.call(moderator, 'POST', `/api/moderation/members/${reporter.user.id}/trust`, {
        level: 'trusted',
        reason: 'Long-standing member',
      });
      expect((await queue(reporter)).some((i) => i.title === starter.title)).toBe(false);

      const [a, b] = [await trustedMember(t.db, LEEDS), await trustedMember(t.db, LEEDS)];
      const item = await itemFor(a, 'report', (i) => i.title === starter.title);
      await verdict(a, item!.id, 'release');
      expect((await verdict(b, item!.id, 'release')).json().status).toBe('released');
      expect(await reportsOn(starter.id)).toEqual([
        expect.objectContaining({ status: 'reviewed', reviewedBy: null }),
      ]);
      const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
      expect(row!.removedAt).toBeNull();
    });

    it('a report naming no rule, hidden by reviewers, leaves the public site and waits for a moderator’s rule', async () => {
      const { owner, starter, reportId } = await reportedListing('spam');
      const [a, b] = [await trustedMember(t.db, LEEDS), await trustedMember(t.db, LEEDS)];
      const item = await itemFor(a, 'report', (i) => i.title === starter.title);
      await verdict(a, item!.id, 'hide');
      expect((await verdict(b, item!.id, 'hide')).json()).toEqual({
        id: item!.id,
        status: 'hidden',
      });
      // Off the public site at once, not removed under a rule nobody chose.
      const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
      expect(row!.heldForReviewAt).not.toBeNull();
      expect(row!.removedAt).toBeNull();
      const stranger = await signedInMember(t.db, LEEDS);
      expect((await t.call(stranger, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(404);
      expect((await t.call(owner, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
      // No third reviewer is asked, and it does not come back to the queue.
      const third = await trustedMember(t.db, LEEDS);
      expect((await queue(third)).some((i) => i.title === starter.title)).toBe(false);
      const moderator = await signedInMember(t.db, { isModerator: true });
      expect((await queue(moderator)).some((i) => i.title === starter.title)).toBe(false);
      // The report waits on the Reports tab, where a moderator removes it under a rule.
      expect(await reportsOn(starter.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
      const removed = await t.call(moderator, 'POST', `/api/reports/${reportId}/remove-starter`, {
        reason: 'free',
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const removals = await t.db
        .select()
        .from(starterRemovals)
        .where(eq(starterRemovals.starterId, starter.id));
      expect(removals).toEqual([expect.objectContaining({ reason: 'free' })]);
    });

    it('a moderator hiding a report that names no rule from the queue is asked for the rule', async () => {
      const { starter } = await reportedListing('other');
      const moderator = await signedInMember(t.db, { isModerator: true });
      const item = await itemFor(moderator, 'report', (i) => i.title === starter.title);
      const res = await verdict(moderator, item!.id, 'hide');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This report names no rule; a moderator chooses the rule to remove the listing under.',
      );
      const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
      expect(row!.heldForReviewAt).toBeNull();
    });

    it('a held listing that is reported too is one item; its verdict settles both', async () => {
      const { starter, reporter } = await reportedListing('misleading');
      // The owner edits it and screening holds the new words.
      await t.db
        .update(starters)
        .set({ heldAt: new Date(), heldCodes: ['payment'] })
        .where(eq(starters.id, starter.id));
      const [a, b] = [await trustedMember(t.db, LEEDS), await trustedMember(t.db, LEEDS)];
      const items = (await queue(a)).filter((i) => i.title === starter.title);
      expect(items).toEqual([
        expect.objectContaining({ kind: 'listing', codes: ['payment'], reason: 'misleading' }),
      ]);
      // Its reporter, trusted, does not judge it.
      const moderator = await signedInMember(t.db, { isModerator: true });
      await t.call(moderator, 'POST', `/api/moderation/members/${reporter.user.id}/trust`, {
        level: 'trusted',
        reason: 'Long-standing member',
      });
      expect((await queue(reporter)).some((i) => i.title === starter.title)).toBe(false);

      await verdict(a, items[0]!.id, 'release');
      expect((await verdict(b, items[0]!.id, 'release')).json().status).toBe('released');
      expect(await reportsOn(starter.id)).toEqual([
        expect.objectContaining({ status: 'reviewed', reviewedBy: null }),
      ]);
      clock.advanceClock(HELD_UNDO_MS + 1000);
      await settle();
      const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
      expect(row!.heldAt).toBeNull();
      expect(row!.removedAt).toBeNull();
      expect((await queue(a)).some((i) => i.title === starter.title)).toBe(false);
    });

    it('a held and reported listing hidden by reviewers is rejected and its reports resolved', async () => {
      const { starter } = await reportedListing('spam');
      await t.db
        .update(starters)
        .set({ heldAt: new Date(), heldCodes: ['payment'] })
        .where(eq(starters.id, starter.id));
      const [a, b] = [await trustedMember(t.db, LEEDS), await trustedMember(t.db, LEEDS)];
      const item = await itemFor(a, 'listing', (i) => i.title === starter.title);
      expect((await queue(a)).filter((i) => i.title === starter.title)).toHaveLength(1);
      await verdict(a, item!.id, 'hide');
      expect((await verdict(b, item!.id, 'hide')).json().status).toBe('hidden');
      expect(await reportsOn(starter.id)).toEqual([
        expect.objectContaining({ status: 'resolved', reviewedBy: null }),
      ]);
      clock.advanceClock(HELD_UNDO_MS + 1000);
      await settle();
      const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
      expect(row!.removedAt).not.toBeNull();
    });
  });
});
