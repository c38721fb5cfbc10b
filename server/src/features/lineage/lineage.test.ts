import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINEAGE_DEPTH_MAX,
  NOT_YOUR_HANDOVER,
  type Lineage,
  type LineageDescendant,
  type ReceivedCulture,
} from '../../../../common/cultures/lineage';
import { handovers, starters, users } from '../../db/schema';
import {
  createMember,
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  type TestApp,
} from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function get(url: string, cookie?: string) {
  return t.app.inject({ url, headers: cookie ? { cookie } : {} });
}

const lineageOf = async (id: number, cookie?: string) => {
  const res = await get(`/api/starters/${id}/lineage`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Lineage>();
};

/** A starter owned by a new member, grown from `parentId`, handed over to it confirmed. */
async function child(
  parent: { id: number; userId: string },
  title: string,
  location: string,
  overrides: Partial<typeof starters.$inferInsert> = {},
) {
  const owner = await createMember(t.db);
  await receivedHandover(t.db, {
    starterId: parent.id,
    giverId: parent.userId,
    recipientId: owner.id,
  });
  return createStarterRow(t.db, owner.id, {
    title,
    location,
    parentId: parent.id,
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    ...overrides,
  });
}

const ids = (nodes: LineageDescendant[]): unknown =>
  nodes.map((n) => (n.children.length ? { [n.id]: ids(n.children) } : n.id));

describe('GET /api/starters/:id/lineage', () => {
  it('shows a three-generation family, public starters only, a hidden middle one skipped', async () => {
    const first = await signedInMember(t.db);
    const root = await createStarterRow(t.db, first.user.id, {
      title: 'Oregon Trail sourdough',
      location: 'Portland, Oregon',
      latitude: 45.523452,
      longitude: -122.676207,
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
      originStory: 'Carried west in 1847.',
      bornYear: 1847,
    });
    const gen2 = await child(root, 'Leeds loaf', 'Leeds, UK', {
      latitude: 53.79648,
      longitude: -1.54785,
    });
    const hidden = await child(root, 'Removed one', 'York, UK');
    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: new Date() })
      .where(eq(starters.id, hidden.id));
    const gen3 = await child(gen2, 'Third kitchen', 'Bath, UK');
    const underHidden = await child(hidden, 'Grown from the removed one', 'Hull, UK');
    // An expired listing leaves the public site, and the tree with it.
    await child(gen2, 'Expired one', 'Derby, UK', { availableUntil: new Date(Date.now() - 1000) });
    // A member who received gen3 without posting a listing of their own still counts.
    const quiet = await createMember(t.db);
    await receivedHandover(t.db, {
      starterId: gen3.id,
      giverId: gen3.userId,
      recipientId: quiet.id,
    });

    const fromRoot = await lineageOf(root.id);
    expect(fromRoot.starter).toEqual({
      id: root.id,
      title: 'Oregon Trail sourdough',
      location: 'Portland, Oregon',
      generation: 1,
      latitude: 45.52,
      longitude: -122.68,
    });
    expect(fromRoot.ancestors).toEqual([]);
    // The removed starter is left out; its public child hangs from the root (a generation on).
    expect(ids(fromRoot.descendants)).toEqual([{ [gen2.id]: [gen3.id] }, underHidden.id]);
    const hung = fromRoot.descendants.find((d) => d.id === underHidden.id)!;
    expect(hung.generation).toBe(3);
    expect(JSON.stringify(fromRoot)).not.toContain('Removed one');
    expect(JSON.stringify(fromRoot)).not.toContain('Expired one');
    // Owners of the public ones grown from it (gen2, gen3, underHidden), and members who
    // confirmed receiving a public one: quiet, and the owners of the removed and expired
    // listings, who did receive the culture (counted, never named). Not the first sharer's
    // kitchen, where it started (decision 046).
    expect(fromRoot.kitchens).toBe(6);
    expect(fromRoot.generations).toBe(3);
    expect(fromRoot.origin).toEqual({
      starterId: root.id,
      title: 'Oregon Trail sourdough',
      originStory: 'Carried west in 1847.',
      bornYear: 1847,
    });
    expect(fromRoot.descendantsCapped).toBe(false);

    const fromLeaf = await lineageOf(gen3.id);
    expect(fromLeaf.ancestors.map((a) => [a.id, a.generation])).toEqual([
      [root.id, 1],
      [gen2.id, 2],
    ]);
    expect(fromLeaf.ancestors[1]).toMatchObject({ latitude: 53.8, longitude: -1.55 });
    expect(fromLeaf.starter.generation).toBe(3);
    expect(fromLeaf.descendants).toEqual([]);
    // The figures are the whole family's, whichever member is asked about.
    expect([fromLeaf.kitchens, fromLeaf.generations]).toEqual([6, 3]);
    expect(fromLeaf.origin?.starterId).toBe(root.id);

    // Through the hidden parent, the line still reaches the first sharer.
    const fromUnder = await lineageOf(underHidden.id);
    expect(fromUnder.ancestors.map((a) => [a.id, a.generation])).toEqual([[root.id, 1]]);
    expect(fromUnder.starter.generation).toBe(3);
  });

  it('answers a hidden starter 404 to others, and its own lineage to the owner', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const root = await createStarterRow(t.db, owner.user.id, {
      title: 'Secret root',
      originStory: 'Secret story',
    });
    const kid = await child(root, 'Public child', 'Leeds, UK');
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, owner.user.id));
    for (const cookie of [undefined, other.cookie]) {
      const res = await get(`/api/starters/${root.id}/lineage`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret root');
      expect(res.body).not.toContain('Public child');
    }
    // Its public child shows no trace of it.
    const fromKid = await lineageOf(kid.id, other.cookie);
    expect(fromKid.ancestors).toEqual([]);
    expect(fromKid.starter.generation).toBe(2);
    expect(JSON.stringify(fromKid)).not.toContain('Secret root');
    expect(fromKid.origin).toBeNull();

    await t.db.update(users).set({ bannedAt: null }).where(eq(users.id, owner.user.id));
    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: new Date() })
      .where(eq(starters.id, root.id));
    const own = await lineageOf(root.id, owner.cookie);
    expect(own.starter.id).toBe(root.id);
    expect(own.descendants.map((d) => d.id)).toEqual([kid.id]);
    expect((await get(`/api/starters/${root.id}/lineage`, other.cookie)).statusCode).toBe(404);
    expect((await get('/api/starters/999999999/lineage')).statusCode).toBe(404);
    expect((await get('/api/starters/abc/lineage')).statusCode).toBe(400);
  });

  it('stops at a loop and at the depth cap instead of running away', async () => {
    const owner = await createMember(t.db);
    const a = await createStarterRow(t.db, owner.id, { title: 'Loop A' });
    const b = await createStarterRow(t.db, owner.id, { title: 'Loop B', parentId: a.id });
    // Only a hand-edited row can make a loop; the walk must still end.
    await t.db.update(starters).set({ parentId: b.id }).where(eq(starters.id, a.id));
    const loop = await lineageOf(a.id);
    expect(loop.ancestors.map((x) => x.id)).toEqual([b.id]);
    expect(loop.descendants.map((x) => x.id)).toEqual([b.id]);
    // One member's own two listings: no kitchen but the one it started in.
    expect(loop.kitchens).toBe(0);

    // A line longer than the cap: the walk up stops at LINEAGE_DEPTH_MAX generations.
    const chain = [await createStarterRow(t.db, owner.id, { title: 'Chain 0' })];
    for (let i = 1; i <= LINEAGE_DEPTH_MAX + 5; i++) {
      chain.push(
        await createStarterRow(t.db, owner.id, { title: `Chain ${i}`, parentId: chain[i - 1]!.id }),
      );
    }
    const leaf = await lineageOf(chain.at(-1)!.id);
    expect(leaf.ancestors).toHaveLength(LINEAGE_DEPTH_MAX);
    expect(leaf.ancestors[0]!.title).toBe('Chain 5');
    expect(leaf.starter.generation).toBe(LINEAGE_DEPTH_MAX + 1);
    const top = await lineageOf(chain[0]!.id);
    let depth = 0;
    for (let level = top.descendants; level.length; level = level[0]!.children) depth += 1;
    expect(depth).toBe(LINEAGE_DEPTH_MAX);
  });
});

describe('kitchens reached on a member summary', () => {
  it('counts other members reached through the member’s public descendants', async () => {
    const giver = await createMember(t.db);
    const root = await createStarterRow(t.db, giver.id);
    const before = await get(`/api/users/${giver.id}/summary`);
    expect(before.json().kitchensReached).toBe(0);
    const kid = await child(root, 'Second kitchen', 'Leeds, UK');
    const grandkid = await child(kid, 'Third kitchen', 'Bath, UK');
    // Received twice by the same member: one kitchen.
    await receivedHandover(t.db, {
      starterId: grandkid.id,
      giverId: grandkid.userId,
      recipientId: kid.userId,
    });
    // An unconfirmed hand-over is not a kitchen reached.
    const waiting = await createMember(t.db);
    await t.db
      .insert(handovers)
      .values({ starterId: root.id, giverId: giver.id, recipientId: waiting.id });
    expect((await get(`/api/users/${giver.id}/summary`)).json().kitchensReached).toBe(2);
    expect((await get(`/api/users/${kid.userId}/summary`)).json().kitchensReached).toBe(1);
  });
});

describe('PUT /api/starters/:id/origin', () => {
  const put = (id: number, cookie: string, payload: object) =>
    t.call({ cookie }, 'PUT', `/api/starters/${id}/origin`, payload);

  it('lets the owner name and clear the origin; others and bad input change nothing', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const stored = async () =>
      (
        await t.db
          .select({ originStory: starters.originStory, bornYear: starters.bornYear })
          .from(starters)
          .where(eq(starters.id, starter.id))
      )[0];

    const ok = await put(starter.id, owner.cookie, {
      originStory: '  From a bakery in Kraków.  ',
      bornYear: 1961,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ originStory: 'From a bakery in Kraków.', bornYear: 1961 });

    const refused: Array<[string, object, number]> = [
      [other.cookie, { originStory: 'Mine now', bornYear: 1900 }, 403],
      [owner.cookie, { bornYear: 1200 }, 400],
      [owner.cookie, { bornYear: new Date().getUTCFullYear() + 1 }, 400],
      [owner.cookie, { originStory: 'x'.repeat(1001) }, 400],
      [owner.cookie, { originStory: 'bell\u0007' }, 400],
      [owner.cookie, { originStory: 'ok', title: 'Renamed' }, 400],
    ];
    for (const [cookie, body, status] of refused) {
      const res = await put(starter.id, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(await stored()).toEqual({ originStory: 'From a bakery in Kraków.', bornYear: 1961 });
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/starters/${starter.id}/origin`,
      payload: { bornYear: 1900 },
    });
    expect(anonymous.statusCode).toBe(401);

    const cleared = await put(starter.id, owner.cookie, { originStory: '', bornYear: null });
    expect(cleared.statusCode).toBe(200);
    expect(await stored()).toEqual({ originStory: null, bornYear: null });
  });
});

describe('GET /api/me/received-cultures', () => {
  it('lists the member’s confirmed hand-overs and refuses anyone else’s', async () => {
    const giver = await signedInMember(t.db);
    const member = await signedInMember(t.db);
    const stranger = await signedInMember(t.db);
    const parent = await createStarterRow(t.db, giver.user.id, {
      title: 'Rye sourdough',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Rye sourdough',
      form: 'dried',
      careNotes: 'Feed with dark rye, 1:2:2.',
    });
    const received = await receivedHandover(t.db, {
      starterId: parent.id,
      giverId: giver.user.id,
      recipientId: member.user.id,
    });
    const [unconfirmed] = await t.db
      .insert(handovers)
      .values({ starterId: parent.id, giverId: giver.user.id, recipientId: stranger.user.id })
      .returning();

    const list = await get('/api/me/received-cultures', member.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json<ReceivedCulture[]>()).toEqual([
      expect.objectContaining({
        handoverId: received.id,
        starterId: parent.id,
        title: 'Rye sourdough',
        category: 'grain',
        subcategory: 'sourdough',
        starterType: 'Rye sourdough',
        form: 'dried',
        careNotes: 'Feed with dark rye, 1:2:2.',
        giver: expect.objectContaining({ id: giver.user.id }),
      }),
    ]);
    const one = await get(`/api/me/received-cultures/${received.id}`, member.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json<ReceivedCulture>().careNotes).toBe('Feed with dark rye, 1:2:2.');

    // Someone else's hand-over, an unconfirmed one, and the giver's side: all 404.
    for (const [id, cookie] of [
      [received.id, stranger.cookie],
      [received.id, giver.cookie],
      [unconfirmed!.id, stranger.cookie],
    ] as const) {
      const res = await get(`/api/me/received-cultures/${id}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOT_YOUR_HANDOVER);
      expect(res.body).not.toContain('Rye');
    }
    expect((await get('/api/me/received-cultures/1')).statusCode).toBe(401);
    expect((await get('/api/me/received-cultures', stranger.cookie)).json()).toEqual([]);

    // A parent removed by a moderator is no longer offered.
    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: sql`now()` })
      .where(eq(starters.id, parent.id));
    expect((await get('/api/me/received-cultures', member.cookie)).json()).toEqual([]);
  });
});
