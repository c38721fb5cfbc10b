import { describe, expect, it } from 'vitest';
import { createAskSchema } from './asks';
import { createStarterSchema } from './starters';

/** The message on the subcategory field, if the schema refuses it. */
function typeIssue(schema: typeof createAskSchema | typeof createStarterSchema, body: object) {
  const result = schema.safeParse(body);
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path.join('.') === 'subcategory')?.message;
}

// Otherwise valid: the schemas check the type once the fields themselves are right.
const listing = {
  title: 'Milk kefir grains',
  description: 'Lively grains, fed daily with whole milk and ready to share.',
  starterType: 'Kefir grains',
  location: 'Portland, Oregon',
};
const ask = { location: 'Leeds, United Kingdom' };

describe('a starter type of the chosen category', () => {
  for (const [name, schema, body] of [
    ['a listing', createStarterSchema, listing],
    ['an ask', createAskSchema, ask],
  ] as const) {
    it(`${name}: refuses a type of another category, takes one of its own`, () => {
      expect(typeIssue(schema, { ...body, category: 'dairy', subcategory: 'sourdough' })).toBe(
        'Choose a starter type from the list',
      );
      expect(schema.safeParse({ ...body, category: 'dairy', subcategory: 'kefir' }).success).toBe(
        true,
      );
    });
  }
});
