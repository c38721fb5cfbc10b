import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../common/listings/catalogue';
import { rowsOf } from '../db/rows';
import { messages, photos, reports, starters, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_MODERATOR_EMAIL, DEMO_PASSWORD } from './demo-data';
import { DemoRefusedError, seedDemo } from './demo-seed';
import { createMember } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const total = async (
  table: typeof users | typeof starters | typeof messages | typeof reports | typeof photos,
) => (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('demo data', () => {
  it('creates a believable community once, and nothing twice', async () => {
    const first = await seedDemo(t.db, { env: 'test' });
    expect(first.added).toBe(true);
    const counts = {
      users: await total(users),
      starters: await total(starters),
      messages: await total(messages),
      reports: await total(reports),
      photos: await total(photos),
    };
    expect(counts.users).toBeGreaterThanOrEqual(12);
    expect(counts.starters).toBeGreaterThanOrEqual(48);
    expect(counts.photos).toBeGreaterThan(40);
    expect(counts.messages).toBeGreaterThan(0);
    expect(counts.reports).toBeGreaterThan(0);

    const second = await seedDemo(t.db, { env: 'test' });
    expect(second.added).toBe(false);
    expect(await total(starters)).toBe(counts.starters);
    expect(await total(users)).toBe(counts.users);
  }, 120_000);

  it('adds nothing to a database that has members, and nothing ever in production', async () => {
    const other = await createTestApp();
    try {
      await createMember(other.db);
      const result = await seedDemo(other.db, { env: 'development' });
      expect(result.added).toBe(false);
      expect(await other.db.select().from(users)).toHaveLength(1);
    } finally {
      await other.close();
    }
    const empty = await createTestApp();
    try {
      await expect(seedDemo(empty.db, { env: 'production' })).rejects.toBeInstanceOf(
        DemoRefusedError,
      );
      expect(await empty.db.select().from(users)).toHaveLength(0);
    } finally {
      await empty.close();
    }
  });

  it('covers every category and subcategory, with some starters claimed', async () => {
    const pairs = await t.db.execute(sql`SELECT DISTINCT category, subcategory FROM starters`);
    const seen = new Set(
      rowsOf<{ category: string; subcategory: string }>(pairs).map(
        (r) => `${r.category}/${r.subcategory}`,
      ),
    );
    for (const c of categories)
      for (const s of c.subcategories)
        expect(seen, `${c.key}/${s.key}`).toContain(`${c.key}/${s.key}`);
    const claimed = await t.db
      .select({ n: count() })
      .from(starters)
      .where(eq(starters.isClaimed, true));
    expect(claimed[0]!.n).toBeGreaterThan(0);
  });

  it('has a documented moderator who can sign in with the documented password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_MODERATOR_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.call(
      { cookie: `cs_session=${res.cookies.find((c) => c.name === 'cs_session')!.value}` },
      'GET',
      '/api/auth/user',
    );
    expect(me.json()).toMatchObject({ isModerator: true });
  });

  it('serves the demo photos as WebP', async () => {
    const [withPhoto] = await t.db
      .select({ imagePath: starters.imagePath })
      .from(starters)
      .where(sql`${starters.imagePath} IS NOT NULL`)
      .limit(1);
    const res = await t.app.inject(withPhoto!.imagePath!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('shows living cultures: a family across two kitchens, forms and freshness', async () => {
    const [child] = await t.db
      .select({ id: starters.id })
      .from(starters)
      .where(eq(starters.title, 'Whole-wheat sourdough “Bubbles”'));
    const res = await t.app.inject(`/api/starters/${child!.id}/lineage`);
    expect(res.statusCode, res.body).toBe(200);
    const lineage = res.json<{ ancestors: Array<{ title: string }>; kitchens: number }>();
    expect(lineage.ancestors.map((a) => a.title)).toContain('100-year-old sourdough starter');
    // Two kitchens hold it; the first sharer's is where it started, so one was reached.
    expect(lineage.kitchens).toBe(1);
    const forms = rowsOf<{ form: string }>(
      await t.db.execute(sql`SELECT DISTINCT form FROM starters ORDER BY form`),
    ).map((r) => r.form);
    expect(forms).toEqual(['active', 'dried', 'frozen', 'spores']);
  });
});
