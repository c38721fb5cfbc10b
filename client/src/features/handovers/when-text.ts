import { format, isSameYear } from 'date-fns';

/** "Saturday 10:00" within the week ahead, else "Sat 3 Jan 10:00" (and the year if not this one). */
export function whenText(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = (date.getTime() - now.getTime()) / 86_400_000;
  if (days > -1 && days < 6) return format(date, 'EEEE HH:mm');
  return format(date, isSameYear(date, now) ? 'EEE d MMM HH:mm' : 'EEE d MMM yyyy HH:mm');
}
