// Read with an import attribute so the browser tests can use the check too.
import englishMail from '../../../common/locales/en/mail.json' with { type: 'json' };
import { flatten } from '../../../common/i18n/keys';

/*
 * A check that a text meant for a Spanish, German or French reader holds no English the site
 * wrote: no run of two or more words of an English catalogue text of the server's (thread
 * lines, bell items, mails), and no English day or month name.
 */

const ENGLISH_DATES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'January',
  'February',
  'March',
  'April',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The words an ICU message writes as they are, between its arguments and branches. */
function literalRuns(message: string): string[] {
  return message
    .replace(/\{\s*\w+\s*\}/g, '|')
    .replace(/\{\s*\w+\s*,\s*(select|plural|selectordinal)\s*,/g, '|')
    .replace(/(=?\w+)\s*\{/g, '|')
    .replace(/[}#]/g, '|')
    .split('|')
    .map((run) => run.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, ''))
    .filter((run) => /\p{L}+[\s’']+\p{L}+/u.test(run));
}

/** Every English run of the server's own texts (`mail:*`), longest first. */
const englishRuns = [
  ...new Set([...flatten(englishMail).values()].flat().flatMap(literalRuns)),
].sort((a, b) => b.length - a.length);

const escape = (run: string) => run.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWords = (run: string) => new RegExp(`(?<![\\p{L}])${escape(run)}(?![\\p{L}])`, 'u');

/** The English the text holds: runs of the catalogue and day or month names (none: []). */
export function englishIn(text: string): string[] {
  const found = englishRuns.filter((run) => wholeWords(run).test(text));
  for (const name of ENGLISH_DATES) if (new RegExp(`\\b${name}\\b`).test(text)) found.push(name);
  return found;
}
