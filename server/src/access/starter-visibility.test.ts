import { eq, and, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { starters, users } from '../db/schema';
import { createMember, createStarterRow, createTestApp, type TestApp } from '../test/app';
import * as clock from '../clock/clock';
import { isExpired, isPublic, loadStarterFacts } from './starter-access';
import { sanctionNow } from './members';
import { hideExpiredListings, shownNoLonger, shownPublicly } from './starter-visibility';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * `starters.visible` is `isPublic` materialised (decision 085): for every case of the policy's
 * table, and through every change that moves a listing between them, browse's condition on the
 * column answers exactly as `isPublic`, and the column itself agrees wherever time has not yet
 * moved the answer (a date passing, a suspension ending).
 */
describe('the visible column', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => clock.resetClock());

  async function expectAgreement(ids: number[]) {
    const shown = new Set(
      (
        await t.db
          .select({ id: starters.id })
          .from(starters)
          .where(and(inArray(starters.id, ids), shownPublicly()))
      ).map((r) => r.id),
    );
    const stored = new Map(
      (
        await t.db
          .select({ id: starters.id, visible: starters.visible })
          .from(starters)
          .where(inArray(starters.id, ids))
      ).map((r) => [r.id, r.visible]),
    );
    const refused = new Set(
      (
        await t.db
          .select({ id: starters.id })
          .from(starters)
          .where(and(inArray(starters.id, ids), sql`${starters.id} IN (${shownNoLonger()})`))
      ).map((r) => r.id),
    );
    for (const id of ids) {
      // What the column holds and the policy refuses now is exactly `shownNoLonger`.
      const stale = !!stored.get(id) && !shown.has(id);
      expect({ id, refused: refused.has(id) }).toEqual({ id, refused: stale });
      const facts = (await loadStarterFacts(t.db, id))!;
      const expected = isPublic(facts);
      expect({ id, shown: shown.has(id) }).toEqual({ id, shown: expected });
      // The column never hides what the policy shows...
      if (expected) expect({ id, stored: stored.get(id) }).toEqual({ id, stored: true });
      // ...and shows nothing it hides, apart from what only time decides.
      if (!sanctionNow(facts.owner) && !isExpired(facts, clock.now())) {
        expect({ id, stored: stored.get(id) }).toEqual({ id, stored: expected });
      }
    }
  }

  const setStarter = (id: number, values: Partial<typeof starters.$inferInsert>) =>
    t.db.update(starters).set(values).where(eq(starters.id, id));
  const setOwner = (id: string, values: Partial<typeof users.$inferInsert>) =>
    t.db.update(users).set(values).where(eq(users.id, id));

  it('agrees with isPublic on every case of the policy table, as written', async () => {
    const owner = await createMember(t.db);
    const past = new Date(clock.nowMs() - HOUR);
    const ids = [
      (await createStarterRow(t.db, owner.id)).id,
      (await createStarterRow(t.db, owner.id, { isClaimed: true })).id,
      (await createStarterRow(t.db, owner.id, { isActive: false, removedAt: new Date() })).id,
      (await createStarterRow(t.db, owner.id, { isActive: false, deletedAt: new Date() })).id,
      (await createStarterRow(t.db, owner.id, { heldAt: new Date() })).id,
      (await createStarterRow(t.db, owner.id, { heldForReviewAt: new Date() })).id,
      (await createStarterRow(t.db, owner.id, { isActive: false })).id,
      (await createStarterRow(t.db, owner.id, { availableUntil: past })).id,
      (await createStarterRow(t.db, owner.id, { isClaimed: true, availableUntil: past })).id,
    ];
    for (const standing of [
      { bannedAt: new Date() },
      { suspendedUntil: new Date(clock.nowMs() + HOUR) },
      { suspendedUntil: new Date(clock.nowMs() - HOUR) },
      { isActive: false },
      { deletedAt: new Date() },
    ]) {
      const member = await createMember(t.db, standing);
      ids.push((await createStarterRow(t.db, member.id)).id);
    }
    await expectAgreement(ids);
    const stored = await t.db
      .select({ id: starters.id })
      .from(starters)
      .where(and(inArray(starters.id, ids), eq(starters.visible, true)));
    // Active, claimed, claimed after its date, and both suspended owners: a suspension ends by
    // time, so browse tests it and the column leaves it out.
    const byId = (a: number, b: number) => a - b;
    expect(stored.map((r) => r.id).sort(byId)).toEqual(
      [ids[0]!, ids[1]!, ids[8]!, ids[10]!, ids[11]!].sort(byId),
    );
  });

  it('follows bans, deactivation and leaving, and their undoing, in the same statement', async () => {
    const owner = await createMember(t.db);
    const ids = [
      (await createStarterRow(t.db, owner.id)).id,
      (await createStarterRow(t.db, owner.id, { isClaimed: true })).id,
      (await createStarterRow(t.db, owner.id, { isActive: false, removedAt: new Date() })).id,
    ];
    await expectAgreement(ids);
    for (const [change, undo] of [
      [{ bannedAt: new Date() }, { bannedAt: null }],
      [{ isActive: false }, { isActive: true }],
      [{ deletedAt: new Date() }, { deletedAt: null }],
    ] as const) {
      await setOwner(owner.id, change);
      await expectAgreement(ids);
      expect(await visibleOf(ids[0]!)).toBe(false);
      await setOwner(owner.id, undo);
      await expectAgreement(ids);
      expect(await visibleOf(ids[0]!)).toBe(true);
      // A removed listing stays off whatever its owner's standing.
      expect(await visibleOf(ids[2]!)).toBe(false);
    }
  });

  it('follows suspensions: hidden at once, back when they end or are lifted', async () => {
    const owner = await createMember(t.db);
    const id = (await createStarterRow(t.db, owner.id)).id;
    await setOwner(owner.id, { suspendedUntil: new Date(clock.nowMs() + DAY) });
    await expectAgreement([id]);
    clock.advanceClock(DAY + HOUR);
    await expectAgreement([id]);
    await setOwner(owner.id, { suspendedUntil: new Date(clock.nowMs() + DAY) });
    await expectAgreement([id]);
    await setOwner(owner.id, { suspendedUntil: null });
    await expectAgreement([id]);
  });

  it('follows removals, deletions, screening holds and report holds', async () => {
    const owner = await createMember(t.db);
    const id = (await createStarterRow(t.db, owner.id)).id;
    const steps: Partial<typeof starters.$inferInsert>[] = [
      { heldForReviewAt: new Date() },
      { heldForReviewAt: null },
      { heldAt: new Date() },
      { heldAt: null },
      { isActive: false, removedAt: new Date() },
      { isActive: true, removedAt: null },
      { isActive: false },
      { isActive: true },
      { isActive: false, deletedAt: new Date() },
    ];
    for (const step of steps) {
      await setStarter(id, step);
      await expectAgreement([id]);
    }
    expect(await visibleOf(id)).toBe(false);
  });

  it('follows expiry: gone from browse at once, off the column by the job, back on renewal or claim', async () => {
    const owner = await createMember(t.db);
    const until = new Date(clock.nowMs() + DAY);
    const ids = [
      (await createStarterRow(t.db, owner.id, { availableUntil: until })).id,
      (await createStarterRow(t.db, owner.id, { availableUntil: until })).id,
      (await createStarterRow(t.db, owner.id, { availableUntil: until, isClaimed: true })).id,
    ];
    clock.advanceClock(DAY + HOUR);
    await expectAgreement(ids);
    expect(await hideExpiredListings(t.db)).toBeGreaterThanOrEqual(2);
    expect(await visibleOf(ids[0]!)).toBe(false);
    expect(await visibleOf(ids[2]!)).toBe(true);
    await expectAgreement(ids);
    await setStarter(ids[0]!, { availableUntil: new Date(clock.nowMs() + DAY) });
    await setStarter(ids[1]!, { isClaimed: true });
    await expectAgreement(ids);
    expect(await visibleOf(ids[0]!)).toBe(true);
    expect(await visibleOf(ids[1]!)).toBe(true);
  });

  async function visibleOf(id: number) {
    const [row] = await t.db
      .select({ visible: starters.visible })
      .from(starters)
      .where(eq(starters.id, id));
    return row!.visible;
  }
});
