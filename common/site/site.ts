import type { Starter } from '../listings/starters';

/** GET /api/site: public settings the client reads at run time. */
export interface SiteSettings {
  donationUrl: string | null;
  socialUrl: string | null;
  /** The operator's map tile server (`MAP_TILES_URL`), or null: the map draws its own outline. */
  mapTilesUrl: string | null;
  externalSignIn: { name: string } | null;
}

/**
 * The site's figures as the landing page states them (decision 046): public listings, and
 * kitchens reached by the one rule the family trees and member summaries use.
 */
export interface SiteFigures {
  /** Starters anyone can see now: listed, fresh or claimed (what browse counts). */
  startersShared: number;
  /** Distinct members a culture came to from someone else here. */
  kitchensReached: number;
}

/** How many listings the landing page shows. */
export const HOME_LISTINGS = 6;

/** GET /api/site/home: the landing page's figures and its strip of listings. */
export interface HomeAnswer {
  figures: SiteFigures;
  /**
   * The newest listings, or for a member whose profile place is known, the closest to it
   * (`near` names that place). Never guessed from the connection.
   */
  nearby: { near: string | null; starters: Starter[] };
}
