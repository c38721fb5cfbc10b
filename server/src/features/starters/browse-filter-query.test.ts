import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/*
 * Browse asks the same question of offers and of asks (decision 154): one filter schema, so a
 * starter type the catalogue does not have is refused alike by both lists.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const LISTS = ['/api/starters', '/api/asks'] as const;

describe.each(LISTS)('GET %s filters', (list) => {
  it.each([
    ['subcategory=kefirr', 'subcategory', 'Unknown starter type'],
    ['subcategory=%3Cscript%3E', 'subcategory', 'Unknown starter type'],
    ['category=cheese', 'category', 'Unknown category'],
    [`search=${'a'.repeat(201)}`, 'search', 'Search is too long'],
  ])('%s is a 400 naming the field', async (query, field, message) => {
    const res = await t.call(null, 'GET', `${list}?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
  });

  it.each(['subcategory=kefir', 'subcategory=other', 'subcategory=all', 'subcategory='])(
    '%s is answered',
    async (query) => {
      const res = await t.call(null, 'GET', `${list}?category=dairy&${query}`);
      expect(res.statusCode, res.body).toBe(200);
    },
  );
});
