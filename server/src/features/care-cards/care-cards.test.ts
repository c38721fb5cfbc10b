import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, OTHER_SUBCATEGORY } from '../../../../common/listings/catalogue';
import { careCardSchema } from '../../../../common/cultures/care-cards/schema';
import { createTestApp, signedInMember, type TestApp } from '../../test/app';
import { CARE_CARD_NOT_FOUND } from './care-cards.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const keys = [...categories.flatMap((c) => c.subcategories.map((s) => s.key)), OTHER_SUBCATEGORY];

describe('GET /api/care-cards/:subcategory', () => {
  it.each(keys)('answers the %s card to anyone, cacheable by shared caches', async (key) => {
    const res = await t.app.inject({ url: `/api/care-cards/${key}` });
    expect(res.statusCode, res.body).toBe(200);
    const card = careCardSchema.parse(res.json());
    expect(card.subcategory).toBe(key);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers a signed-in member the same public card', async () => {
    const member = await signedInMember(t.db);
    const res = await t.call(member, 'GET', '/api/care-cards/sourdough');
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Sourdough starter');
    expect(res.headers['cache-control']).toMatch(/^public/);
  });

  it.each(['unknown', 'Sourdough', 'dairy', 'all', '%20', 'x'.repeat(90)])(
    'answers 404 with a message for %s',
    async (key) => {
      const res = await t.app.inject({ url: `/api/care-cards/${key}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CARE_CARD_NOT_FOUND);
      expect(res.headers['cache-control']).not.toMatch(/public/);
    },
  );
});
