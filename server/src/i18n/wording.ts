import { z } from 'zod';
import {
  acceptedTags,
  DEFAULT_LANGUAGE,
  firstRegion,
  languageOf,
  LOCALE_TAGS,
  memberLocale,
  regionalLocale,
  type Language,
} from '../../../common/i18n/languages';
import * as clock from '../clock/clock';
import { dateIn, pickupTimeText } from '../../../common/conversations/pickup-time';
import type { FastifyRequest } from 'fastify';
import { catalogues } from '../../../common/i18n/catalogues';
import { flatten } from '../../../common/i18n/keys';
import { messageLookup } from '../../../common/i18n/message-lookup';
import { requestLanguage, translator } from './translate';

/*
 * What the site writes for a member — a thread's line, a bell item, a push — is kept as a
 * catalogue key and its values, and worded only when someone reads it, in the reader's
 * language and time zone (decision 124). This is the one place that words it.
 */

/** A time as it was typed (`2026-11-28T10:00`, no time zone): shown as typed, in the reader's words. */
const wallClockValue = z.object({ wallClock: z.string() });
/** An instant (ISO): shown as a day in the reader's time zone. */
const dateValue = z.object({ date: z.string() });

export interface Wording {
  key: string;
  values?: Record<string, WordingValue>;
}

/**
 * A value of a wording: a member's own words, a name or a number as they are; a time or a
 * date worded for the reader; or another catalogue text (a culture's name, a rule).
 */
export type WordingValue =
  string | number | z.infer<typeof wallClockValue> | z.infer<typeof dateValue> | { text: Wording };

const wordingValue: z.ZodType<WordingValue> = z.lazy(() =>
  z.union([z.string(), z.number(), wallClockValue, dateValue, z.object({ text: wordingSchema })]),
);

/** A stored wording, as read back from a row (anything else is not one). */
export const wordingSchema: z.ZodType<Wording> = z.lazy(() =>
  z.object({ key: z.string(), values: z.record(z.string(), wordingValue).optional() }),
);

/**
 * Who reads: their language, the locale they read it in when known (en-GB: 24-hour times,
 * day before month; else the language's own tag) and, for dates, their time zone (null: UTC).
 */
export interface Reader {
  language: Language;
  locale?: string | null;
  timeZone?: string | null;
}

/**
 * A member as a reader of what the site writes to them without a request (mail, pushes): their
 * saved language, else English, in their browser's region when known (en-US: 12-hour times).
 */
export function readerOf(member: {
  language?: string | null;
  timeZone?: string | null;
  localeRegion?: string | null;
}): Reader {
  const language = languageOf(member.language) ?? DEFAULT_LANGUAGE;
  return {
    language,
    locale: memberLocale(language, member.localeRegion),
    timeZone: member.timeZone ?? null,
  };
}

/** The region a request's browser names (Accept-Language), kept as the member's (`localeRegion`). */
export function requestRegion(request: FastifyRequest): string | null {
  return firstRegion(acceptedTags(request.headers['accept-language']));
}

/** The member reading a page or an API answer: the request's language, their time zone. */
export function requestReader(request: FastifyRequest): Reader {
  const language = requestLanguage(request);
  return {
    language,
    locale: regionalLocale(language, acceptedTags(request.headers['accept-language'])),
    timeZone: request.user?.timeZone ?? null,
  };
}

/** The locale a reader's times and dates are written in. */
function localeOf(reader: Reader): string {
  return reader.locale ?? LOCALE_TAGS[reader.language];
}

/** A time zone Intl knows, else UTC (a stored zone the runtime no longer has must not throw). */
function zoneOf(reader: Reader): string {
  const zone = reader.timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/**
 * A pickup time in the reader's words and clock (common/conversations/pickup-time.ts, the same as the
 * site's pages): "Saturday 10:00 AM" within the coming week, else "Saturday, December 12 at
 * 10:00 AM"; "sábado, 10:00", "Samstag, 12. Dezember um 10:00". The time is shown as it was
 * typed: it is the two members' own arrangement, not an instant to convert.
 */
export function wallClockFor(at: string, reader: Reader, now = clock.now()): string {
  return pickupTimeText(at, localeOf(reader), dateIn(now, zoneOf(reader)));
}

/** "Thu, Nov 26, 2026" / "jue, 26 nov 2026": the day an instant falls on where the reader is. */
export function dateFor(instant: string | Date, reader: Reader): string {
  return new Intl.DateTimeFormat(localeOf(reader), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zoneOf(reader),
  }).format(new Date(instant));
}

function valueFor(value: WordingValue, reader: Reader): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('wallClock' in value) return wallClockFor(value.wallClock, reader);
  if ('date' in value) return dateFor(value.date, reader);
  return wordFor(value.text, reader);
}

/** The wording in the reader's language, its times and dates in their way of writing them. */
export function wordFor(wording: Wording, reader: Reader): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(wording.values ?? {})) {
    values[name] = valueFor(value, reader);
  }
  return translator(reader.language)(wording.key, values);
}

/** `wordFor` for a wording that may be missing (an item without a body): ''. */
export function maybeWordFor(wording: Wording | null | undefined, reader: Reader): string {
  return wording ? wordFor(wording, reader) : '';
}

/**
 * A notice an API answer carries (`{message}`: "Account created…", "That device is signed
 * out."): worded for whoever made the request, in the language their pages are in. Several
 * wordings are sentences shown one after another.
 */
export function noticeFor(request: FastifyRequest, ...wordings: Wording[]): { message: string } {
  const reader = requestReader(request);
  return { message: wordings.map((wording) => wordFor(wording, reader)).join(' ') };
}

/** The shared messages by their English text (the texts the server's errors and the schemas give). */
const findMessage = messageLookup(
  [...flatten(catalogues.en.messages)].map(([key, text]) => [key, text as string]),
);

/**
 * An error message the server or a shared schema gives in English (decision 090), worded in
 * `language` like any other wording when the catalogue has it; any other text as it is.
 */
export function translateMessage(language: Language, text: string): string {
  if (language === DEFAULT_LANGUAGE) return text;
  const found = findMessage(text);
  return found
    ? wordFor({ key: `messages:${found.key}`, values: found.values }, { language })
    : text;
}
