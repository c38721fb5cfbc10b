import { dateIn, pickupTimeText } from '../../../../common/conversations/pickup-time';
import { memberLocale } from '../../lib/i18n';

/**
 * A pickup time as people say it, in the member's locale: "Saturday 10:00 AM" within the week
 * ahead, else "Saturday, January 3 at 10:00 AM" ("samedi 10:00"). The one rule the server's
 * thread lines and mail use too (common/conversations/pickup-time.ts). `at` is wall-clock
 * (`2026-11-28T10:00`), shown as typed.
 */
export function whenText(at: string, now = new Date()): string {
  return pickupTimeText(at, memberLocale(), dateIn(now));
}
