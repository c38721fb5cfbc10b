import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLY_ACTIVE_IS_FED } from '../../../../common/cultures/cultures';
import type { Starter, StarterList } from '../../../../common/listings/starters';
import { starters } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const nineDaysAgo = () => new Date(Date.now() - 9 * DAY);

async function activeSourdough(title: string) {
  const owner = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id, {
    title,
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    form: 'active',
    lastFedAt: nineDaysAgo(),
  });
  return { owner, starter };
}

const fed = (id: number, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/starters/${id}/fed`,
    headers: cookie ? { cookie } : {},
  });

const storedLastFed = async (id: number) =>
  (await t.db.select({ at: starters.lastFedAt }).from(starters).where(eq(starters.id, id)))[0]!.at;

describe('POST /api/starters/:id/fed', () => {
  it('sets the last feed to now for the owner, and browse shows it on the very next request', async () => {
    const { owner, starter } = await activeSourdough('Hungry rye levain');
    const browse = async () =>
      (await t.app.inject('/api/starters?search=levain&category=grain')).json<StarterList>()
        .starters;
    const before = (await browse()).find((s) => s.id === starter.id);
    expect(Date.parse(before!.lastFedAt!)).toBeLessThan(Date.now() - 8 * DAY);

    const res = await fed(starter.id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json<Starter>();
    expect(Math.abs(Date.parse(answered.lastFedAt!) - Date.now())).toBeLessThan(60_000);
    expect(res.headers['cache-control']).toMatch(/no-store/);

    const after = (await browse()).find((s) => s.id === starter.id);
    expect(after?.lastFedAt).toBe(answered.lastFedAt);
  });

  it('refuses everyone but the owner and changes nothing', async () => {
    const { starter } = await activeSourdough('Someone else’s starter');
    const before = await storedLastFed(starter.id);
    const other = await signedInMember(t.db);

    const byOther = await fed(starter.id, other.cookie);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBeTruthy();

    const byVisitor = await fed(starter.id);
    expect(byVisitor.statusCode).toBe(401);

    expect(await storedLastFed(starter.id)).toEqual(before);
  });

  it('answers 404 for a starter that does not exist or that the asker cannot see', async () => {
    const member = await signedInMember(t.db);
    expect((await fed(999_999_999, member.cookie)).statusCode).toBe(404);

    const { starter } = await activeSourdough('Removed starter');
    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: new Date() })
      .where(eq(starters.id, starter.id));
    const before = await storedLastFed(starter.id);
    expect((await fed(starter.id, member.cookie)).statusCode).toBe(404);
    expect(await storedLastFed(starter.id)).toEqual(before);
  });

  it('refuses a culture that is not active (dried, frozen, spores) with 409', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { form: 'dried' });
    const res = await fed(starter.id, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ONLY_ACTIVE_IS_FED);
    expect(await storedLastFed(starter.id)).toBeNull();
  });
});
