import { DAY_MS } from '../site/time';
/**
 * A pickup time as people say it, the one way both the site's pages and what the server writes
 * (thread lines, bell, mail) put it: the weekday alone within the coming week ("Saturday
 * 10:00 AM"), else with the date ("Saturday, December 12 at 10:00 AM"), in `locale`'s words and
 * clock — 12-hour where the locale reads time so (en-US), 24-hour elsewhere ("samedi 10:00").
 * `at` is wall-clock (`2026-11-28T10:00`): the two members' own arrangement, shown as typed,
 * never converted between zones (decision 020). `today` is the reader's date, `YYYY-MM-DD`.
 */
export function pickupTimeText(at: string, locale: string, today: string): string {
  const shown = new Date(`${at.slice(0, 16)}:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(at) || Number.isNaN(shown.getTime())) return at;
  const days = Math.round(
    (Date.parse(`${at.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
  );
  const near = days >= -1 && days < 7;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    ...(near ? {} : { day: 'numeric', month: 'long' }),
    minute: '2-digit',
    // A 24-hour clock keeps two digits ("09:00"); a 12-hour one reads "9:00 AM".
    ...(twelveHour(locale) ? { hour: 'numeric' } : { hour: '2-digit', hourCycle: 'h23' }),
    timeZone: 'UTC',
  }).format(shown);
}

/** Whether `locale` reads the time of day on a 12-hour clock (en-US: yes; en-GB, de: no). */
export function twelveHour(locale: string): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

/** `YYYY-MM-DD` of `now` in `timeZone` (the reader's zone; the device's when left out). */
export function dateIn(now: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
