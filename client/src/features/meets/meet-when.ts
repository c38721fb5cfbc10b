import { memberLocale } from '../../lib/i18n';

/** "Sat, Dec 5, 10:00 AM – 1:00 PM" in the member's locale. */
export function meetWhen(startsAt: string, endsAt: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  };
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = start.toDateString() === end.toDateString();
  const endText = end.toLocaleString(
    memberLocale(),
    sameDay ? { hour: 'numeric', minute: '2-digit' } : options,
  );
  return `${start.toLocaleString(memberLocale(), options)} – ${endText}`;
}
