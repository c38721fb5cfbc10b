import { beverageCards } from './beverage';
import { dairyCards } from './dairy';
import { grainCards } from './grain';
import { legumeCards } from './legume';
import { otherCards } from './other';
import type { CareCard } from './schema';

/** Every care card, by subcategory key (care-cards.test.ts proves each catalogue key has one). */
export const careCards: ReadonlyMap<string, CareCard> = new Map(
  [...dairyCards, ...grainCards, ...beverageCards, ...legumeCards, ...otherCards].map((card) => [
    card.subcategory,
    card,
  ]),
);

export function findCareCard(subcategory: string): CareCard | undefined {
  return careCards.get(subcategory);
}
