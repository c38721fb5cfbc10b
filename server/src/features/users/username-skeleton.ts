/**
 * A compact form of Unicode TR39's "skeleton": two usernames with the same skeleton look alike
 * on screen (`rowan_mod` and `rоwan_mod` with a Cyrillic о), so only one of them may exist.
 * NFKC (applied when the name is read) already folds fullwidth, mathematical and other
 * compatibility letters; this table adds the look-alikes NFKC leaves apart — Cyrillic, Greek,
 * Armenian and Cherokee letters that copy Latin ones, IPA variants, digits and dashes — and
 * compares case-insensitively. docs/decisions/013 says why it is not the full TR39 table.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Latin and digits that read as other Latin letters.
  '0': 'o',
  '1': 'l',
  I: 'l',
  '|': 'l',
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ɪ: 'i',
  ʏ: 'y',
  ᴅ: 'd',
  ᴏ: 'o',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
  // Cyrillic.
  А: 'a',
  а: 'a',
  В: 'b',
  Е: 'e',
  е: 'e',
  З: '3',
  Ѕ: 's',
  ѕ: 's',
  І: 'l',
  і: 'i',
  Ј: 'j',
  ј: 'j',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  о: 'o',
  Р: 'p',
  р: 'p',
  С: 'c',
  с: 'c',
  Т: 't',
  У: 'y',
  у: 'y',
  Х: 'x',
  х: 'x',
  Һ: 'h',
  һ: 'h',
  Ү: 'y',
  ү: 'y',
  Ӏ: 'l',
  ӏ: 'l',
  Ԁ: 'd',
  ԁ: 'd',
  Ԛ: 'q',
  ԛ: 'q',
  Ԝ: 'w',
  ԝ: 'w',
  ь: 'b',
  // Greek.
  Α: 'a',
  α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'l',
  ι: 'i',
  Κ: 'k',
  κ: 'k',
  Μ: 'm',
  Ν: 'n',
  ν: 'v',
  Ο: 'o',
  ο: 'o',
  Ρ: 'p',
  ρ: 'p',
  Τ: 't',
  Υ: 'y',
  υ: 'u',
  Χ: 'x',
  χ: 'x',
  // Armenian.
  հ: 'h',
  ո: 'n',
  ս: 'u',
  ց: 'g',
  զ: 'q',
  օ: 'o',
  Օ: 'o',
  // Cherokee capitals that copy Latin ones.
  Ꭺ: 'a',
  Ᏼ: 'b',
  Ꮯ: 'c',
  Ꭼ: 'e',
  Ꮐ: 'g',
  Ꮋ: 'h',
  Ꭻ: 'j',
  Ꮶ: 'k',
  Ꮮ: 'l',
  Ꮇ: 'm',
  Ꮲ: 'p',
  Ꮪ: 's',
  Ꭲ: 't',
  Ꮩ: 'v',
  Ꮃ: 'w',
  Ꮓ: 'z',
  // Dashes.
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
};

/** Letter pairs that read as one letter at a glance (TR39 lists these too). */
const LOOK_ALIKE_PAIRS: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

const fold = (text: string) => Array.from(text, (c) => LOOK_ALIKES[c] ?? c).join('');

/** The form two look-alike usernames share; stored with a unique index. */
export function usernameSkeleton(username: string): string {
  // Mapped before lowercasing too, so a capital I still reads as l rather than i.
  let skeleton = fold(fold(username.normalize('NFKD')).toLowerCase());
  for (const [pair, letter] of LOOK_ALIKE_PAIRS) skeleton = skeleton.replace(pair, letter);
  return skeleton.normalize('NFC');
}
