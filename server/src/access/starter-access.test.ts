import { and, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { starters } from '../db/schema';
import type { HttpError } from '../errors';
import { planOf } from '../test/database';
import { createMember, createStarterRow, createTestApp, type TestApp } from '../test/app';
import {
  authorizeStarter,
  canSeeStarter,
  loadStarterFacts,
  publiclyVisible,
  visibleTo,
  type StarterAction,
  type StarterFacts,
  type Viewer,
} from './starter-access';

const HOUR = 3_600_000;
const OWNER = 'owner-id';
const viewers = {
  visitor: null,
  member: { id: 'member-id', isModerator: false },
  owner: { id: OWNER, isModerator: false },
  moderator: { id: 'moderator-id', isModerator: true },
} satisfies Record<string, Viewer>;

function facts(overrides: Partial<StarterFacts> = {}, owner: Partial<StarterFacts['owner']> = {}) {
  return {
    id: 1,
    ownerId: OWNER,
    isActive: true,
    isClaimed: false,
    removedAt: null,
    deletedAt: null,
    availableUntil: new Date(Date.now() + 10 * 24 * HOUR),
    heldForReviewAt: null,
    ...overrides,
    owner: { isActive: true, bannedAt: null, suspendedUntil: null, ...owner },
  } satisfies StarterFacts;
}

const removed = { isActive: false, removedAt: new Date() };
const states: Record<string, StarterFacts> = {
  active: facts(),
  claimed: facts({ isClaimed: true }),
  removed: facts(removed),
  deleted: facts({ deletedAt: new Date() }),
  'owner banned': facts({}, { bannedAt: new Date() }),
  'owner suspended': facts({}, { suspendedUntil: new Date(Date.now() + HOUR) }),
  'owner suspension over': facts({}, { suspendedUntil: new Date(Date.now() - HOUR) }),
  'owner deactivated': facts({}, { isActive: false }),
  expired: facts({ availableUntil: new Date(Date.now() - HOUR) }),
  'claimed after its date': facts({ isClaimed: true, availableUntil: new Date(Date.now() - HOUR) }),
  'held for review': facts({ heldForReviewAt: new Date() }),
  'held by screening': facts({ heldAt: new Date() }),
  'held, then removed': facts({ heldAt: new Date(), ...removed }),
  'held, then deleted': facts({ heldForReviewAt: new Date(), deletedAt: new Date() }),
};

// Who sees what: visitor, member, owner, moderator, and a member who stewards the listing's
// area (`stewardsHere`): they see what waits for their decision there, and nothing more.
const seeing: Record<string, [boolean, boolean, boolean, boolean, boolean]> = {
  active: [true, true, true, true, true],
  claimed: [true, true, true, true, true],
  removed: [false, false, true, true, false],
  deleted: [false, false, false, true, false],
  'owner banned': [false, false, true, true, false],
  'owner suspended': [false, false, true, true, false],
  'owner suspension over': [true, true, true, true, true],
  'owner deactivated': [false, false, true, true, false],
  expired: [false, false, true, true, false],
  'claimed after its date': [true, true, true, true, true],
  'held for review': [false, false, true, true, true],
  'held by screening': [false, false, true, true, true],
  'held, then removed': [false, false, true, true, false],
  'held, then deleted': [false, false, false, true, false],
};
const STEWARD = { id: 'steward-id', isModerator: false };

function outcome(
  viewer: Viewer,
  starter: StarterFacts | undefined,
  action: StarterAction,
  hasThread = false,
) {
  try {
    authorizeStarter(viewer, starter, action, { hasThread });
    return 'ok';
  } catch (err) {
    return (err as HttpError).statusCode;
  }
}

describe('who sees a starter', () => {
  it.each(Object.entries(seeing))('%s', (state, expected) => {
    const seen = Object.values<Viewer>(viewers).map((v) => canSeeStarter(v, states[state]!));
    seen.push(canSeeStarter(STEWARD, states[state]!, undefined, { stewardsHere: true }));
    expect(seen).toEqual(expected);
    // A steward of the area is what lets the steward in: the same member elsewhere is a member.
    expect(canSeeStarter(STEWARD, states[state]!)).toBe(expected[1]);
    if (!expected[4]) {
      for (const action of ['see', 'message', 'report', 'change', 'moderate'] as const) {
        expect(() =>
          authorizeStarter(STEWARD, states[state], action, { stewardsHere: true }),
        ).toThrow(expect.objectContaining({ statusCode: 404 }));
      }
    }
    // Whatever the action, a starter one may not see is answered as one that does not exist.
    for (const [i, viewer] of Object.values<Viewer>(viewers).entries()) {
      for (const action of ['see', 'message', 'report', 'change', 'moderate'] as const) {
        if (!expected[i]) expect(outcome(viewer, states[state], action)).toBe(404);
      }
    }
  });

  it('answers 404 for a starter that does not exist, whoever asks', () => {
    for (const viewer of Object.values<Viewer>(viewers))
      expect(outcome(viewer, undefined, 'see')).toBe(404);
  });
});

describe('what may be done to a starter one sees', () => {
  const { visitor, member, owner, moderator } = viewers;
  it('only its owner changes it; only moderators moderate it', () => {
    expect(outcome(owner, states.active, 'change')).toBe('ok');
    expect(outcome(member, states.active, 'change')).toBe(403);
    expect(outcome(moderator, states.active, 'change')).toBe(403);
    expect(outcome(visitor, states.active, 'change')).toBe(403);
    expect(outcome(owner, states.removed, 'change')).toBe('ok');
    expect(outcome(moderator, states.active, 'moderate')).toBe('ok');
    expect(outcome(moderator, states.deleted, 'moderate')).toBe('ok');
    expect(outcome(member, states.active, 'moderate')).toBe(403);
    expect(outcome(owner, states.active, 'moderate')).toBe(403);
  });

  it('nobody changes a deleted starter, not even an owner who moderates', () => {
    const moderatingOwner = { id: OWNER, isModerator: true };
    expect(outcome(moderatingOwner, states.deleted, 'see')).toBe('ok');
    expect(outcome(moderatingOwner, states.deleted, 'change')).toBe(404);
  });

  it('members report public starters but not their own', () => {
    expect(outcome(member, states.active, 'report')).toBe('ok');
    expect(outcome(member, states.claimed, 'report')).toBe('ok');
    expect(outcome(owner, states.active, 'report')).toBe(403);
    expect(outcome(moderator, states.removed, 'report')).toBe(409);
    expect(outcome(visitor, states.active, 'report')).toBe(404);
  });

  it('messages go on for listed starters; a claimed one only in threads under way', () => {
    expect(outcome(member, states.active, 'message')).toBe('ok');
    expect(outcome(member, states.claimed, 'message')).toBe(409);
    expect(outcome(member, states.claimed, 'message', true)).toBe('ok');
    expect(outcome(owner, states.claimed, 'message')).toBe('ok');
    // Nobody could read an answer about a removed starter.
    expect(outcome(owner, states.removed, 'message')).toBe(409);
    expect(outcome(moderator, states.removed, 'message')).toBe(409);
    expect(outcome(moderator, states['owner banned'], 'message')).toBe(409);
    expect(outcome(visitor, states.active, 'message')).toBe(404);
  });

  it('a listing held for review keeps the threads under way and takes no new one', () => {
    expect(outcome(member, states['held for review'], 'message', true)).toBe('ok');
    expect(outcome(member, states['held for review'], 'see', true)).toBe('ok');
    expect(outcome(member, states['held for review'], 'message')).toBe(404);
    expect(outcome(owner, states['held for review'], 'message')).toBe('ok');
  });

  it('an expired starter stays open to members already talking about it, and to its owner', () => {
    expect(outcome(member, states.expired, 'see')).toBe(404);
    expect(outcome(member, states.expired, 'see', true)).toBe('ok');
    expect(outcome(member, states.expired, 'message', true)).toBe('ok');
    expect(outcome(member, states.expired, 'report', true)).toBe(409);
    expect(outcome(owner, states.expired, 'change')).toBe('ok');
    expect(outcome(owner, states.expired, 'message')).toBe('ok');
    expect(outcome(visitor, states.expired, 'see')).toBe(404);
  });
});

describe('the policy as SQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps exactly the starters the per-row decision shows, for every viewer', async () => {
    const owner = await createMember(t.db);
    const member = await createMember(t.db);
    const moderator = await createMember(t.db, { isModerator: true });
    const past = new Date(Date.now() - HOUR);
    const ids = [
      (await createStarterRow(t.db, owner.id)).id,
      (await createStarterRow(t.db, owner.id, { isClaimed: true })).id,
      (await createStarterRow(t.db, owner.id, removed)).id,
    ];
    const expired = (await createStarterRow(t.db, owner.id, { availableUntil: past })).id;
    const claimedPast = (
      await createStarterRow(t.db, owner.id, { isClaimed: true, availableUntil: past })
    ).id;
    for (const standing of [
      { bannedAt: new Date() },
      { suspendedUntil: new Date(Date.now() + HOUR) },
      { suspendedUntil: new Date(Date.now() - HOUR) },
      { isActive: false },
    ]) {
      const held = await createMember(t.db, standing);
      ids.push((await createStarterRow(t.db, held.id)).id);
    }
    ids.push(expired, claimedPast);
    const all = await Promise.all(ids.map((id) => loadStarterFacts(t.db, id)));
    const asking: Viewer[] = [null, member, owner, moderator];
    for (const viewer of asking) {
      const rows = await t.db
        .select({ id: starters.id })
        .from(starters)
        .where(and(inArray(starters.id, ids), visibleTo(viewer)));
      const expected = all.filter((f) => canSeeStarter(viewer, f!)).map((f) => f!.id);
      expect(rows.map((r) => r.id).sort()).toEqual(expected.sort());
    }
    const publicRows = await t.db
      .select({ id: starters.id })
      .from(starters)
      .where(and(inArray(starters.id, ids), publiclyVisible()));
    expect(publicRows.map((r) => r.id).sort()).toEqual(
      [ids[0], ids[1], ids[5], claimedPast].sort(),
    );
  });

  it('finds the owners who may not act once per query, as a hashed set', async () => {
    const plan = await planOf(
      t.db,
      sql`SELECT ${starters.id} FROM ${starters} WHERE ${publiclyVisible()}`,
    );
    expect(plan).toMatch(/hashed SubPlan/);
  });
});
