import type { StarterListParams } from '../listings/browse-page';
import type { HomeAnswer, SiteSettings } from './site';
import type { Starter, StarterList } from '../listings/starters';
import type { CurrentUser } from '../members/users';
import type { SiteLanguage } from '../i18n/completeness';

/** The id of the page's JSON data island (`<script type="application/json">`). */
export const PAGE_DATA_ID = 'page-data';

/**
 * What the server puts in each page so its first paint needs no API call (decision 028): the
 * answers the client would otherwise ask for first. The client seeds its query cache with them.
 */
export interface PageData {
  /** GET /api/auth/user's answer, null for a visitor (who then never asks and never meets 401). */
  user: CurrentUser | null;
  /** GET /api/site's answer. */
  site: SiteSettings;
  /** GET /api/site/languages' answer: the footer's language picker (decision 090). */
  languages?: SiteLanguage[];
  /** /browse only: the list call its filters make, and the answer. */
  browse?: { params: StarterListParams; answer: StarterList };
  /** / only: GET /api/site/home's answer (decision 046). */
  home?: HomeAnswer;
  /** /starter/:id, a visitor's only: GET /api/starters/:id's answer (decision 123). */
  starter?: Starter;
}
