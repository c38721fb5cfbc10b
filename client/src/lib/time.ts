import { formatDistanceToNow } from 'date-fns';
import { dateLocale } from './i18n';

/**
 * "about 2 hours ago", "over 1 year ago", "almost 3 years ago" (spec §9); in the page's
 * language, date-fns' own wording for it ("hace unas 2 horas", "vor etwa 2 Stunden").
 */
export function timeAgo(date: string | Date): string {
  return formatDistanceToNow(new Date(date), { addSuffix: true, locale: dateLocale() });
}
