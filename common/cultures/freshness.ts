import type { CultureForm } from './cultures';
import { DAY_MS } from '../site/time';

/**
 * How many days an active culture of each subcategory may go without a feed before the site
 * says it "may need a feed". The same figure is on each care card (a test keeps them equal);
 * it is repeated here so the browse page can say it without loading every card.
 */
export const FEED_WITHIN_DAYS: Readonly<Record<string, number>> = {
  kefir: 7,
  yogurt: 7,
  buttermilk: 7,
  cheese: 7,
  sourdough: 7,
  injera: 7,
  idli: 5,
  dosa: 5,
  scoby: 30,
  waterKefir: 14,
  gingerBug: 7,
  miso: 7,
  tempeh: 5,
  soySauce: 7,
  bacterial: 7,
  custom: 7,
  experimental: 7,
  wild: 7,
  mixed: 7,
  other: 7,
};

/** For a subcategory without a figure of its own (there is none today). */
const DEFAULT_FEED_WITHIN_DAYS = 7;

export const feedWithinDays = (subcategory: string) =>
  FEED_WITHIN_DAYS[subcategory] ?? DEFAULT_FEED_WITHIN_DAYS;

export interface Freshness {
  /** Whole calendar days since the last feed, in the viewer's calendar (0 = today). */
  daysSinceFed: number;
  feedWithinDays: number;
  mayNeedFeed: boolean;
}

/** For an active culture with a known last feed; null otherwise (nothing to say). */
export function freshnessOf(
  starter: { form: CultureForm; lastFedAt: string | null; subcategory: string },
  now: Date = new Date(),
  /**
   * Whose calendar "today" is in: the viewer's, or UTC's where the answer must not depend on
   * where it is computed (a page rendered on the server and then taken over by the app).
   */
  calendar: 'viewer' | 'utc' = 'viewer',
): Freshness | null {
  if (starter.form !== 'active' || !starter.lastFedAt) return null;
  const fed = new Date(starter.lastFedAt);
  if (Number.isNaN(fed.getTime())) return null;
  // A date from the form's date input is stored as that day's midnight UTC: its calendar day
  // is the one the member picked. "Fed today" stores the moment: its day is the viewer's.
  const picked =
    fed.getUTCHours() === 0 &&
    fed.getUTCMinutes() === 0 &&
    fed.getUTCSeconds() === 0 &&
    fed.getUTCMilliseconds() === 0;
  const dayOf = (d: Date) =>
    calendar === 'utc'
      ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
      : Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const fedDay = picked
    ? Date.UTC(fed.getUTCFullYear(), fed.getUTCMonth(), fed.getUTCDate())
    : dayOf(fed);
  const today = dayOf(now);
  const daysSinceFed = Math.max(0, Math.round((today - fedDay) / DAY_MS));
  const within = feedWithinDays(starter.subcategory);
  return { daysSinceFed, feedWithinDays: within, mayNeedFeed: daysSinceFed > within };
}
