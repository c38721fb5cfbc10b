import { format, isSameYear } from 'date-fns';
import { dateLocale } from '../../lib/i18n';

/**
 * A pickup time as people say it: "Saturday 10:00" within the week ahead, else
 * "Sat 3 Jan 10:00". `at` is wall-clock (`2026-11-28T10:00`), read as local time on purpose.
 * Day and month names are in the page's language ("samedi 10:00").
 */
export function whenText(at: string, now = new Date()): string {
  const date = new Date(at.slice(0, 16));
  const days = (date.getTime() - now.getTime()) / 86_400_000;
  const locale = dateLocale();
  if (days > -1 && days < 6) return format(date, 'EEEE HH:mm', { locale });
  return format(date, isSameYear(date, now) ? 'EEE d MMM HH:mm' : 'EEE d MMM yyyy HH:mm', {
    locale,
  });
}
