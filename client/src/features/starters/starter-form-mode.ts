import type { ComponentType } from 'react';
import type { StarterFormField } from '../../../../common/listings/starters';
import type { PostStarterFormApi } from './post-starter-values';

/** "Where it comes from" (the lineage feature's), composed in by the page. */
export type LineageFieldsSlot = ComponentType<{ form: PostStarterFormApi; idPrefix: string }>;

/**
 * What the form is for (the photo comes first in each, decision 142):
 * - `post`: /post: what a listing needs, the optional parts folded away, what was typed kept as
 *   a draft until it is posted, and the member lands on the new listing to share it;
 * - `payItForward`: passing on a culture received here: what is known is filled in and folded
 *   away, and the member lands on the new listing;
 * - `repost`: "Post Again" of a claimed listing, every field and photo filled in;
 * - `edit`: the owner changes a listing in place (its id, conversations and family tree stay).
 */
export type StarterFormMode = 'post' | 'payItForward' | 'repost' | 'edit';

/** What a culture's care and hand-over need beyond its name and kind: all optional. */
const CARE_AND_HANDOVER_FIELDS: readonly StarterFormField[] = [
  'customDescription',
  'form',
  'lastFedAt',
  'careNotes',
  'portions',
  'travel',
  'postage',
  'bring',
  'availableDays',
];

/** Fields each folding form folds away: known from the culture received, or optional. */
export const FOLDED_FIELDS: Partial<Record<StarterFormMode, ReadonlySet<string>>> = {
  // /post's "More Details (optional)": a listing is whole without them.
  post: new Set<StarterFormField>([
    ...CARE_AND_HANDOVER_FIELDS,
    'parentId',
    'originStory',
    'bornYear',
  ]),
  payItForward: new Set<StarterFormField>([
    'category',
    'subcategory',
    'starterType',
    ...CARE_AND_HANDOVER_FIELDS,
  ]),
};
