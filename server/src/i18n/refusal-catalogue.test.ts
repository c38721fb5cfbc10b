import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../common/i18n/catalogues';
import { flatten } from '../../../common/i18n/keys';
import { messageLookup } from '../../../common/i18n/message-lookup';
import { LANGUAGES } from '../../../common/i18n/languages';

/*
 * Every refusal the server can send answers in the caller's language (decision 090): its
 * English words are a key of the shared messages, worded in every language. A new refusal
 * written in English alone fails here until its catalogue entry is added. The refusals are
 * found two ways: every exported string constant of `common/` (imported, so worded ones with
 * `${…}` count too), and in the server's and common's sources every plain text given to an
 * error (`badRequest('…')`, `conflict('…')`, …) or exported as a constant.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Exported texts that are not refusals, and why; anything else exported with words is one. */
const NOT_REFUSALS: Record<string, string> = {
  VISITOR_BROWSE_CACHE: 'a Cache-Control header',
  CARE_CARD_CACHE: 'a Cache-Control header',
  DEFAULT_DESCRIPTION: 'the page meta description, worded by the page table',
  CARD_PHOTO_SIZES: 'an image sizes attribute',
  REJECT_SUSPEND_REASON: "a sanction's stored reason, read by moderators as they typed theirs",
  UNDO_SUSPEND_REASON: "a sanction's stored reason, read by moderators as they typed theirs",
  MESSAGE_REMOVED: 'what a departed member’s messages are overwritten with in the database',
  STOPPED_MESSAGE: 'an internal error: a 5xx answer is generic',
  DEMO_REFUSED_IN_PRODUCTION: 'the command line’s refusal, not an answer over HTTP',
};

const english = [...flatten(catalogues.en.messages)] as Array<[string, string]>;
const find = messageLookup(english);

/** Whether `text` is a shared message with its words in every language. */
function worded(text: string): boolean {
  const found = find(text);
  if (!found) return false;
  return LANGUAGES.every((language) =>
    new Map(flatten(catalogues[language].messages)).has(found.key),
  );
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) {
      return [];
    }
    if (file.includes(`${path.sep}test${path.sep}`) || file.includes('node_modules')) return [];
    return [file];
  });
}

const literal = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60[^\x60$]*\x60)`;
const errorCall = new RegExp(
  String.raw`\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooLarge|tooManyRequests)\(\s*` +
    literal,
  'g',
);
const exportedText = new RegExp(
  String.raw`export const ([A-Z][A-Z0-9_]+)\s*(?::\s*string\s*)?=\s*` + literal,
  'g',
);
const unquote = (text: string) => text.slice(1, -1).replace(/\\(.)/g, '$1');

/** The refusals written in the sources: [where, English text]. */
function writtenRefusals(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const file of [
    ...sources(path.join(root, 'server/src')),
    ...sources(path.join(root, 'common')),
  ]) {
    const text = fs.readFileSync(file, 'utf8');
    const where = path.relative(root, file);
    for (const m of text.matchAll(errorCall)) found.push([where, unquote(m[1]!)]);
    for (const m of text.matchAll(exportedText)) {
      const words = unquote(m[2]!);
      if (!(m[1]! in NOT_REFUSALS) && words.includes(' ')) found.push([`${where} ${m[1]}`, words]);
    }
  }
  return found;
}

describe('every refusal the server can send', () => {
  it('is found in the sources, and each has its words in all four languages', () => {
    const found = writtenRefusals();
    // The scan finds the refusals (a broken pattern would pass on nothing).
    expect(found.length).toBeGreaterThan(200);
    expect(found.filter(([, text]) => !worded(text))).toEqual([]);
  });

  it('includes every constant exported by common/ with words in it, even one built with ${…}', async () => {
    const unworded: string[] = [];
    let checked = 0;
    for (const file of sources(path.join(root, 'common'))) {
      const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (!/^[A-Z][A-Z0-9_]+$/.test(name) || typeof value !== 'string') continue;
        if (name in NOT_REFUSALS || !value.includes(' ')) continue;
        checked += 1;
        if (!worded(value)) unworded.push(`${path.relative(root, file)} ${name}: ${value}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(unworded).toEqual([]);
  });

  it('fails on an English-only refusal', () => {
    expect(worded('Only a moderator can ban a member. Suspend them, or ask a moderator.')).toBe(
      true,
    );
    expect(worded('You may not do this one new thing')).toBe(false);
  });
});
