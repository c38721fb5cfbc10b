/**
 * Text as people see it, for the two rules that compare what is read rather than what is typed:
 * usernames (one per look) and message screening (a disguised phone number is a phone number).
 *
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

// ---------------------------------------------------------------- text as it reads

/** Look-alikes that read as a letter wherever they stand: the table less its digit entries. */
const LETTER_LOOK_ALIKES = new Map(
  Object.entries(LOOK_ALIKES).filter(([from, to]) => !/[0-9|]/.test(from + to) && from !== 'I'),
);

/** Letters that read as a digit beside digits: `O77OO` is 07700, `l23` is 123. */
const DIGIT_LOOK_ALIKES: Record<string, string> = { o: '0', l: '1', i: '1', '|': '1', з: '3' };

const digitValues = new Map<number, number>();
const isDigit = (cp: number) => /\p{Nd}/u.test(String.fromCodePoint(cp));

/**
 * The value of any decimal digit (Arabic-Indic ٣, Devanagari ३, Thai ๓ …). Unicode keeps every
 * script's digits as consecutive code points from 0 to 9, so the value is the distance from
 * the start of the run, counted in tens.
 */
function digitValue(cp: number): number {
  let value = digitValues.get(cp);
  if (value === undefined) {
    let zero = cp;
    while (isDigit(zero - 1)) zero--;
    value = (cp - zero) % 10;
    digitValues.set(cp, value);
  }
  return value;
}

/**
 * What a reader sees in a text, in a form rules can match: compatibility forms folded (NFKC),
 * invisible characters (zero-width spaces and joiners, soft hyphens, bidi marks and every other
 * default-ignorable one) removed, lower case, letters from other scripts that copy Latin ones
 * folded to Latin, curly quotes straightened, every decimal digit written 0–9, and letters that
 * stand for digits inside a run of digits (`O77OO 9OO123`) read as those digits.
 */
export function readableText(text: string): string {
  const folded = Array.from(
    text
      .normalize('NFKC')
      .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
      .toLowerCase(),
    (c) => {
      const cp = c.codePointAt(0)!;
      if (cp > 0x7f && isDigit(cp)) return String(digitValue(cp));
      return LETTER_LOOK_ALIKES.get(c) ?? c;
    },
  )
    .join('')
    .replace(/[‘’ʼ`]/g, "'");
  // A run of digits and digit look-alikes, standing apart from other letters, with at least
  // one real digit: "too" and "oil" stay words, "o77oo" and "9oo123" become numbers.
  return folded.replace(/(?<!\p{L})[\doli|з]*\d[\doli|з]*(?!\p{L})/gu, (run) =>
    Array.from(run, (c) => DIGIT_LOOK_ALIKES[c] ?? c).join(''),
  );
}
