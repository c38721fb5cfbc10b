import { z } from 'zod';
import { CULTURE_FORMS, cultureShape } from './cultures';
import { publicUserSchema } from '../members/users';

/**
 * Family trees (decision 031): a culture's line back to the first sharer, what grew from it,
 * and how far it travelled. Public starters only; places are the gazetteer's centres, rounded.
 */

/** Generations walked up or down from a starter; a longer line is cut here. */
export const LINEAGE_DEPTH_MAX = 50;
/** Descendants returned at most (breadth first: the nearest generations first). */
export const LINEAGE_DESCENDANTS_MAX = 500;
/** Family members counted at most for `kitchens` and `generations` (at least, past it). */
export const LINEAGE_FAMILY_MAX = 5000;
/** Decimal places of a place's centre on the map (about a kilometre). */
export const LINEAGE_PLACE_DECIMALS = 2;

const placeFields = {
  /** The centre of the place its location names (rounded), or null when unknown. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};

/** One public starter of the line above, with its generation (the first sharer's is 1). */
export const lineageAncestorSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  generation: z.number().int(),
  ...placeFields,
});
export type LineageAncestor = z.infer<typeof lineageAncestorSchema>;

export interface LineageDescendant {
  id: number;
  title: string;
  location: string;
  generation: number;
  latitude: number | null;
  longitude: number | null;
  children: LineageDescendant[];
}

export const lineageDescendantSchema: z.ZodType<LineageDescendant> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    location: z.string(),
    generation: z.number().int(),
    ...placeFields,
    children: z.array(lineageDescendantSchema),
  }),
);

/** GET /api/starters/:id/lineage */
export const lineageSchema = z.object({
  /** The starter asked about (visible to the asker), with its own generation. */
  starter: lineageAncestorSchema,
  /** Public starters of the line above, from the first sharer down to the parent. */
  ancestors: z.array(lineageAncestorSchema),
  /**
   * Public starters that grew from this one, as a tree. A hidden one is left out and its
   * public children hang from the nearest public starter above them.
   */
  descendants: z.array(lineageDescendantSchema),
  /** True when more than LINEAGE_DESCENDANTS_MAX descendants exist (the rest are left out). */
  descendantsCapped: z.boolean(),
  /**
   * Kitchens reached: distinct members the whole family (the first sharer's public starter
   * and every public one grown from it) has reached — owners of its starters and members who
   * confirmed receiving one — not counting the first sharer, whose kitchen it started in. The
   * same rule as a member's `kitchensReached` and the site's (decision 046).
   */
  kitchens: z.number().int(),
  /** Generations of the whole family, counted from the first sharer (1). */
  generations: z.number().int(),
  /** The origin story and born year of the line's first public starter, when it has them. */
  origin: z
    .object({
      starterId: z.number().int(),
      title: z.string(),
      originStory: z.string().nullable(),
      bornYear: z.number().int().nullable(),
    })
    .nullable(),
});
export type Lineage = z.infer<typeof lineageSchema>;

/** PUT /api/starters/:id/origin (the owner): blank or left out clears the field. */
export const updateOriginSchema = z.strictObject(
  {
    originStory: cultureShape.originStory,
    bornYear: cultureShape.bornYear,
  },
  'Only originStory and bornYear can be changed here',
);
export type UpdateOriginInput = z.input<typeof updateOriginSchema>;

/**
 * GET /api/me/received-cultures: cultures the asker received here through a confirmed
 * hand-over, to name as a new listing's parent and to fill the form from ("pay it forward").
 */
export const receivedCultureSchema = z.object({
  handoverId: z.number().int(),
  starterId: z.number().int(),
  title: z.string(),
  category: z.string(),
  subcategory: z.string(),
  starterType: z.string(),
  form: z.enum(CULTURE_FORMS),
  /** The giver's care notes, which travel with the culture. */
  careNotes: z.string().nullable(),
  giver: publicUserSchema,
  confirmedAt: z.string().nullable(),
});
export type ReceivedCulture = z.infer<typeof receivedCultureSchema>;

export const NOT_YOUR_HANDOVER = 'That hand-over is not one you received here';
