import { differenceInCalendarDays } from 'date-fns';
import { EXPIRY_NOTICE_DAYS } from '../../../common/conversations/handovers';

/** Calendar days from `now` to `until` (0 on its last day, negative once past); null without one. */
export function daysLeft(until: string | null | undefined, now: Date): number | null {
  return until ? differenceInCalendarDays(new Date(until), now) : null;
}

/**
 * Whether renewal is offered for something that ends after `days` (from `daysLeft`): once it
 * is within EXPIRY_NOTICE_DAYS of its end, or past it — never while it still has long to run.
 * Listings ("Still available") and asks ("Renew for 30 Days") follow this one rule.
 */
export function renewalDue(days: number | null): boolean {
  return days !== null && days <= EXPIRY_NOTICE_DAYS;
}
