import type { Starter } from '../../../../common/listings/starters';
import { portionsLeftOf, starterStatus } from '../../../../common/listings/starter-status';
import type { PostagePayer, TravelMode } from '../../../../common/conversations/handovers';
import type { CultureForm } from '../../../../common/cultures/cultures';
import { publicMemberColumns, toPublicMember } from '../../access/public-members';
import { starterFactsColumns } from '../../access/starter-access';
import { awayUntilOf } from '../../access/away';
import { iso } from '../../db/rows';
import { sql } from 'drizzle-orm';
import { starters, users } from '../../db/schema';

/** A starter as the API shows it, read with its owner (as others see them) in one select. */

export const starterColumns = {
  id: starters.id,
  userId: starters.userId,
  title: starters.title,
  description: starters.description,
  category: starters.category,
  subcategory: starters.subcategory,
  starterType: starters.starterType,
  customDescription: starters.customDescription,
  location: starters.location,
  imagePath: starters.imagePath,
  isActive: starters.isActive,
  isClaimed: starters.isClaimed,
  removedAt: starters.removedAt,
  heldAt: starters.heldAt,
  createdAt: starters.createdAt,
  updatedAt: starters.updatedAt,
  portions: starters.portions,
  portionsReserved: starters.portionsReserved,
  portionsGiven: starters.portionsGiven,
  travel: starters.travel,
  postage: starters.postage,
  bring: starters.bring,
  availableUntil: starters.availableUntil,
  form: starters.form,
  lastFedAt: starters.lastFedAt,
  parentId: starters.parentId,
  careNotes: starters.careNotes,
  originStory: starters.originStory,
  bornYear: starters.bornYear,
};

export const selection = {
  starter: starterColumns,
  owner: publicMemberColumns,
  facts: starterFactsColumns,
  /** A standing offer that is running (not paused): browse cards say members can queue. */
  hasStandingOffer: sql<boolean>`EXISTS (SELECT 1 FROM standing_offers so WHERE so.starter_id = ${starters.id} AND so.paused_at IS NULL)`,
  /** The owner's time away, compared with the clock when shown (`awayUntilOf`). */
  ownerAwayUntil: users.awayUntil,
};

export interface StarterRow {
  starter: {
    [K in keyof typeof starterColumns]: (typeof starters.$inferSelect)[K];
  };
  owner: { [K in keyof typeof publicMemberColumns]: (typeof users.$inferSelect)[K] };
  hasStandingOffer?: boolean;
  ownerAwayUntil?: Date | null;
}

/** The photo's small variant, beside its full size (reports show it too). */
export function thumbnailOf(imagePath: string | null): string | null {
  if (!imagePath) return null;
  return imagePath.endsWith('/full.webp')
    ? imagePath.replace(/\/full\.webp$/, '/thumb.webp')
    : imagePath;
}

export function toStarter({
  starter: s,
  owner,
  hasStandingOffer,
  ownerAwayUntil,
}: StarterRow): Starter {
  // Field by field: a spread of the row plus the derived fields cost ~30 µs a starter in V8
  // (decision 104), a literal well under 1. `portionsGiven` and `heldAt` stay out.
  const shown: Starter = {
    id: s.id,
    userId: s.userId,
    title: s.title,
    description: s.description,
    category: s.category,
    subcategory: s.subcategory,
    starterType: s.starterType,
    customDescription: s.customDescription,
    location: s.location,
    imagePath: s.imagePath,
    thumbnailPath: thumbnailOf(s.imagePath),
    isActive: s.isActive,
    isClaimed: s.isClaimed,
    removedAt: iso(s.removedAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    user: toPublicMember(owner),
    portions: s.portions,
    portionsLeft: portionsLeftOf(s),
    portionsReserved: s.portionsReserved,
    travel: s.travel as TravelMode[],
    postage: s.postage as PostagePayer | null,
    bring: s.bring,
    availableUntil: s.availableUntil.toISOString(),
    status: starterStatus(s),
    form: s.form as CultureForm,
    lastFedAt: iso(s.lastFedAt),
    parentId: s.parentId,
    careNotes: s.careNotes,
    originStory: s.originStory,
    bornYear: s.bornYear,
    hasStandingOffer: hasStandingOffer ?? false,
  };
  if (s.heldAt) shown.heldForReview = true;
  const away = awayUntilOf(ownerAwayUntil);
  if (away) shown.ownerAwayUntil = away;
  return shown;
}
