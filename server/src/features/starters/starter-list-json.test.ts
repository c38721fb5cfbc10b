import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { starterListQuerySchema, starterListSchema } from '../../../../common/listings/starters';
import { createMember, createStarterRow, createTestApp, type TestApp } from '../../test/app';
import { listStarters } from './browse-plan';
import { normaliseListQuery } from './browse-query';
import { starterListJson } from './starter-list-json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the compiled browse serializer', () => {
  it('writes the same bytes as checking the answer against its schema did', async () => {
    const owner = await createMember(t.db, { username: 'serial_owner', profileImageUrl: null });
    await createStarterRow(t.db, owner.id, { title: 'Plain kefir' });
    await createStarterRow(t.db, owner.id, {
      title: 'Posted "quoted" \\ kefir ☕',
      travel: ['pickup', 'post'],
      postage: 'giver',
      careNotes: 'Feed\nweekly',
      bornYear: 1990,
      isClaimed: true,
      latitude: 45.52,
      longitude: -122.68,
    });
    for (const raw of [{}, { sort: 'oldest' }, { lat: '45.5', lng: '-122.6', sort: 'closest' }]) {
      const query = normaliseListQuery(starterListQuerySchema.parse(raw));
      const answer = await listStarters(t.db, null, query);
      expect(answer.starters.length).toBeGreaterThan(0);
      expect(starterListJson(answer)).toBe(JSON.stringify(starterListSchema.parse(answer)));
    }
  });
});
