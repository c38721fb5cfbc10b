import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LAST_FED_IN_FUTURE,
  LAST_FED_ONLY_ACTIVE,
  PARENT_NOT_RECEIVED,
} from '../../../../common/cultures/cultures';
import type { Starter } from '../../../../common/listings/starters';
import { handovers, starters } from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  type TestApp,
} from '../../test/app';
import { multipart } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_STARTERS_PER_DAY: '3' });
});
afterAll(async () => {
  await t?.close();
});

const listing = {
  title: 'Rye sourdough from the 1990s',
  description: 'A lively rye starter, fed every morning with wholemeal rye.',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Sourdough starter',
  location: 'Leeds',
};

function post(cookie: string, fields: Record<string, string>) {
  const body = multipart({ ...listing, ...fields });
  return t.app.inject({
    method: 'POST',
    url: '/api/starters',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

async function startersOf(userId: string) {
  return t.db.select({ id: starters.id }).from(starters).where(eq(starters.userId, userId));
}

describe('a starter’s culture fields', () => {
  it('are stored as posted and returned on every read', async () => {
    const giver = await signedInMember(t.db);
    const res = await post(giver.cookie, {
      form: 'active',
      lastFedAt: '2026-01-02',
      careNotes: '  Feed 1:1:1 with strong white flour.  ',
      originStory: 'From my grandmother in Kraków.',
      bornYear: '1961',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Starter>();
    expect(created).toMatchObject({
      form: 'active',
      lastFedAt: '2026-01-02T00:00:00.000Z',
      careNotes: 'Feed 1:1:1 with strong white flour.',
      originStory: 'From my grandmother in Kraków.',
      bornYear: 1961,
      parentId: null,
    });
    const read = (await t.app.inject(`/api/starters/${created.id}`)).json<Starter>();
    expect(read).toMatchObject({ form: 'active', careNotes: created.careNotes, bornYear: 1961 });
  });

  it('default to an active culture with nothing else said', async () => {
    const giver = await signedInMember(t.db);
    const res = await post(giver.cookie, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Starter>()).toMatchObject({
      form: 'active',
      lastFedAt: null,
      careNotes: null,
      originStory: null,
      bornYear: null,
    });
  });

  it.each([
    [{ form: 'liquid' }, 'form', 'Choose the culture’s form'],
    [{ form: 'dried', lastFedAt: '2026-01-02' }, 'lastFedAt', LAST_FED_ONLY_ACTIVE],
    [{ lastFedAt: '2999-01-01' }, 'lastFedAt', LAST_FED_IN_FUTURE],
    [{ lastFedAt: 'yesterday' }, 'lastFedAt', 'Last fed must be a date'],
    [{ bornYear: '1200' }, 'bornYear', undefined],
    [{ careNotes: 'x'.repeat(2001) }, 'careNotes', 'Care notes must be at most 2000 characters'],
    [{ parentId: 'abc' }, 'parentId', 'Choose a culture you received here'],
  ])('refuses %j with a message and writes nothing', async (fields, field, message) => {
    const giver = await signedInMember(t.db);
    const res = await post(giver.cookie, fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ fields: Record<string, string> }>();
    expect(body.fields[field]).toBeTruthy();
    if (message) expect(body.fields[field]).toBe(message);
    expect(await startersOf(giver.user.id)).toHaveLength(0);
  });

  describe('a parent', () => {
    it('must be a culture the poster received through a confirmed hand-over', async () => {
      const giver = await signedInMember(t.db);
      const parent = await createStarterRow(t.db, giver.user.id);
      const stranger = await signedInMember(t.db);

      // Not received: refused, nothing written, and the day's quota is not charged.
      for (let i = 0; i < 4; i++) {
        const res = await post(stranger.cookie, { parentId: String(parent.id) });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ fields: Record<string, string> }>().fields.parentId).toBe(
          PARENT_NOT_RECEIVED,
        );
      }
      expect(await startersOf(stranger.user.id)).toHaveLength(0);

      // A hand-over the recipient has not confirmed does not count yet.
      const pending = await receivedHandover(t.db, {
        starterId: parent.id,
        giverId: giver.user.id,
        recipientId: stranger.user.id,
      });
      await t.db
        .update(handovers)
        .set({ status: 'given', confirmedAt: null })
        .where(eq(handovers.id, pending.id));
      expect((await post(stranger.cookie, { parentId: String(parent.id) })).statusCode).toBe(400);

      await receivedHandover(t.db, {
        starterId: parent.id,
        giverId: giver.user.id,
        recipientId: stranger.user.id,
      });
      const res = await post(stranger.cookie, { parentId: String(parent.id) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Starter>().parentId).toBe(parent.id);
    });

    it('cannot be a culture received by someone else', async () => {
      const giver = await signedInMember(t.db);
      const parent = await createStarterRow(t.db, giver.user.id);
      const recipient = await signedInMember(t.db);
      const other = await signedInMember(t.db);
      await receivedHandover(t.db, {
        starterId: parent.id,
        giverId: giver.user.id,
        recipientId: recipient.user.id,
      });
      expect((await post(other.cookie, { parentId: String(parent.id) })).statusCode).toBe(400);
    });
  });
});
