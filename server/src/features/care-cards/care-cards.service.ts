import { findCareCard } from '../../../../common/cultures/care-cards/cards';
import type { CareCard } from '../../../../common/cultures/care-cards/schema';
import { notFound } from '../../errors';

export const CARE_CARD_NOT_FOUND = 'There is no care card for that starter type';

/** GET /api/care-cards/:subcategory: the same for everyone, so no viewer and no database. */
export function getCareCard(input: { subcategory: string }): CareCard {
  const card = findCareCard(input.subcategory);
  if (!card) throw notFound(CARE_CARD_NOT_FOUND);
  return card;
}
