import { formatDistanceToNow } from 'date-fns';

/** "about 2 hours ago", "over 1 year ago", "almost 3 years ago" (spec §9). */
export function timeAgo(date: string | Date): string {
  return formatDistanceToNow(new Date(date), { addSuffix: true });
}
