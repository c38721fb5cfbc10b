import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StarterList } from '../../../../common/listings/starters';
import { createMember, createStarterRow, createTestApp, type TestApp } from '../../test/app';
import { searchQueryText } from './culture-names';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createMember(t.db, { username: 'fermenter' });
  const seed = async (key: string, overrides: Parameters<typeof createStarterRow>[2]) => {
    ids[key] = (await createStarterRow(t.db, owner.id, overrides)).id;
  };
  await seed('sourdough', {
    title: 'Rye sourdough',
    description: 'Vigorous rye starter that doubles in four hours.',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
  });
  await seed('masaMadre', {
    title: 'Masa madre de centeno',
    description: 'Muy activa, se alimenta cada día.',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
  });
  await seed('kefir', {
    title: 'Milk kefir grains',
    description: 'Plump grains that ferment a litre of milk overnight.',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
  });
  await seed('kombucha', {
    title: 'Kombucha mother',
    description: 'A thick pellicle in its own tea.',
    category: 'beverage',
    subcategory: 'scoby',
    starterType: 'SCOBY/pellicle (kombucha)',
  });
  await seed('waterKefir', {
    title: "Kéfir d'eau",
    description: 'Des grains nourris au sucre et aux figues.',
    category: 'beverage',
    subcategory: 'waterKefir',
    starterType: 'Water kefir grains',
  });
  // Kéfir, "de…" and fruit, yet no name of water kefir: "kéfir de fruits" must not find it.
  await seed('milkKefirWithFruit', {
    title: 'Kéfir lait',
    description: 'Delicious with fruit.',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
  });
});

afterAll(() => t?.close());

async function search(words: string): Promise<number[]> {
  const res = await t.app.inject({
    url: `/api/starters?search=${encodeURIComponent(words)}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as StarterList).starters.map((s) => s.id).sort();
}

describe('search by culture names in every language', () => {
  it('finds sourdough listings by "masa madre", "Sauerteig" and "levain"', async () => {
    const both = [ids.sourdough!, ids.masaMadre!].sort();
    expect(await search('masa madre')).toEqual(both);
    expect(await search('Sauerteig')).toEqual(both);
    expect(await search('levain')).toEqual(both);
    expect(await search('sourdough')).toEqual(both);
  });

  it('finds kefir by its Spanish and German names, accents or not', async () => {
    // "Kéfir" alone is one of its names: every listing that says it is found.
    const kefirs = [ids.kefir!, ids.waterKefir!, ids.milkKefirWithFruit!].sort();
    expect(await search('gránulos de kéfir')).toEqual(kefirs);
    expect(await search('granulos de kefir')).toEqual(kefirs);
    expect(await search('Kefirknollen')).toEqual(kefirs);
  });

  it('keeps the other words of the search required', async () => {
    expect(await search('masa madre rye')).toEqual([ids.sourdough]);
    expect(await search('Teepilz')).toEqual([ids.kombucha]);
    expect(await search('centeno')).toEqual([ids.masaMadre]);
  });

  it('matches the short words of a name whole: "d" and "de" are not the start of every word', async () => {
    expect(await search('tibicos')).toEqual([ids.waterKefir]);
    const query = searchQueryText(['tibicos']);
    expect(query).toContain('(kéfir:* & d & eau:*)');
    expect(query).toContain('(kéfir:* & de & fruits:*)');
    expect(query).not.toMatch(/\bde?:\*/);
  });

  it('builds a query of alternatives only where a culture is named', () => {
    expect(searchQueryText(['sour', 'dough'])).toBe('sour:* & dough:*');
    const query = searchQueryText(['masa', 'madre']);
    expect(query.startsWith('(') && query.endsWith(')')).toBe(true);
    for (const name of ['(masa:* & madre:*)', 'sourdough:*', 'sauerteig:*', 'levain:*'])
      expect(query).toContain(name);
    expect(query).not.toContain('(sourdough:* & starter:*)');
  });
});
