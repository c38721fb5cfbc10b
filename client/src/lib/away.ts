/**
 * "12 Jan" in the reader's language: the day a member is back (decision 160). The server keeps
 * it as that day's start in UTC, so it is read in UTC and every reader sees the same day.
 */
export function awayDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
