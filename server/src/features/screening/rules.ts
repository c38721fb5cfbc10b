import {
  BUILT_IN_RULE_CODES,
  type BuiltInRuleCode,
  type ScreeningAction,
  type ScreeningCode,
  type ScreeningRule,
} from '../../../../common/moderation/screening';
import { readableText } from '../../text/look-alikes';

/**
 * The screening rules as code: what each built-in rule looks for, what it does by default, and
 * `screenText`, which decides a text with no database in sight (the corpus test and the Rules
 * tab's figures run it directly). Decision 073.
 */

interface Pattern {
  re: RegExp;
  /**
   * What a reader could act on at once: a number, an address, a payment, a link. For a member's
   * first messages only these hold; a vaguer pull ("text me", "my driver") warns.
   */
  concrete: boolean;
  /** A second look at a match the expression alone cannot decide. */
  accept?: (match: string) => boolean;
  /**
   * Worth a note only on a newcomer's first messages, and never a hold: someone else coming
   * for the jar ("my friend delivers") is how neighbours share, and how a courier scam starts.
   */
  newcomerNote?: boolean;
  /**
   * False for what no phrase can excuse (an amount of money, a payment app): a gift phrase in
   * the same clause does not make "PayPal" harmless.
   */
  exemptable: boolean;
}

const vague = (re: RegExp, accept?: Pattern['accept']): Pattern => ({
  re,
  exemptable: true,
  concrete: false,
  accept,
});
const newcomerNote = (re: RegExp): Pattern => ({
  re,
  exemptable: true,
  concrete: false,
  newcomerNote: true,
});
const concrete = (re: RegExp, exemptable: boolean, accept?: Pattern['accept']): Pattern => ({
  re,
  exemptable,
  concrete: true,
  accept,
});

/**
 * A run of digits is a phone number when it is written like one: with spaces, dots, dashes or
 * brackets between groups (slashes too), or unbroken but shaped as a dialled number (+ and a country code, a
 * leading 0, or ten digits starting 2–9). A long reference number or a timestamp is neither.
 */
const looksLikePhone = (match: string) =>
  /\d[\s()./-]+\d/.test(match) || /^(?:\+\d{9,14}|0\d{8,11}|[2-9]\d{9})$/.test(match);

const PAYMENT_APPS =
  /\b(?:pay ?pal|venmo|zelle|cash ?app|revolut|wise transfer|bank transfer|wire transfer|e-?transfer|interac|western union|money ?gram|bitcoin|btc|crypto\w*|usdt|ethereum|gift ?cards?|itunes|google play card|steam card|apple card|amazon card|money orders?|cashier'?s? (?:cheque|check)|cheques?)\b/giu;

const PATTERNS: Record<BuiltInRuleCode, Pattern[]> = {
  money: [
    concrete(
      /(?:[$€£¥₹]\s?\d[\d,.]*|\b(?:usd|aud|cad|nzd|gbp|eur|inr)\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:[$€£¥₹]|dollars?|bucks|quid|euros?|usd|aud|cad|nzd|gbp|eur)\b)/giu,
      false,
    ),
    concrete(PAYMENT_APPS, false),
    vague(
      /\b(?:pay|pays|paying|paid|payment|payments|price|priced|pricing|sell|selling|buy|buying|purchase|for sale|how much(?! (?:starter|flour|milk|water|grains?|sugar|tea|liquid|room|space|time|of|do you (?:feed|give|use)))|cash|money|deposit|refund|invoice|reimburse\w*|compensat\w*)\b/giu,
    ),
  ],
  delivery: [
    vague(
      /\b(?:couriers?|shipping agents?|shipping company|delivery (?:agents?|service|company|fees?|charges?|costs?)|shipping (?:fees?|costs?|charges?)|freight|dhl|fedex|usps|doordash|uber ?eats|lalamove|logistics|movers?|dispatch rider|my (?:driver|agent|mover|delivery guy|delivery man)|pick[- ]?up (?:agents?|service|man|company)|(?:send|arrange) (?:a|my) (?:driver|delivery))\b/giu,
    ),
    newcomerNote(
      /\bmy (?:friends?|son|daughter|husband|wife|partner|brother|sister|cousin|neighbou?r|colleague) (?:delivers|will deliver|can deliver|could deliver|will collect|can collect|could collect)\b/giu,
    ),
  ],
  link: [
    concrete(
      /(?<![@\p{L}\p{N}.])(?:https?:\/\/[^\s<>"]+|www\.[^\s<>"]+|(?:[a-z0-9-]+\.)+(?:com|net|org|io|co|ly|me|info|xyz|site|online|shop|link|top|app|biz|us|uk|au|ca|de|fr|es|nz|store|club|live|click|page|ru|cn|gl|gd|to|tk)\b(?:\/[^\s<>"]*)?)/giu,
      true,
    ),
  ],
  contact: [
    concrete(
      /[\p{L}\p{N}._%+-]+\s?(?:@|\(at\)|\[at\])\s?[\p{L}\p{N}-]+(?:\s?(?:\.|\(dot\)|\[dot\])\s?[a-z]{2,})+/giu,
      false,
    ),
    concrete(
      /\b[\p{L}\p{N}._%+-]+ at (?:gmail|yahoo|hotmail|outlook|icloud|proton\w*)\b/giu,
      false,
    ),
    // Digits read across spaces, dots, slashes, dashes and brackets: 07700/900/123 is a number.
    concrete(/(?<!\d)\+?(?:\d[\s()./-]{0,3}){8,}\d(?!\d)/gu, false, looksLikePhone),
    vague(/\b(?:my (?:phone |mobile |cell )?number|call me|ring me|sms me|whatsapp number)\b/giu),
  ],
  off_site: [
    // A chat link, or a sign-in code asked for: something to act on at once.
    concrete(
      /\b(?:wa\.me|t\.me|(?:verification|verify|six[- ]digit|6[- ]digit|google voice) code|send (?:me )?the code)\b/giu,
      true,
    ),
    vague(
      /\b(?:whats ?app|telegram|signal (?:me|app|number)|on signal|viber|we ?chat|kik|snap ?chat|instagram|insta dm|dm me|facebook|messenger|skype|discord|hangouts|google chat|line app|text me|email me|mail me|e-mail me|message me (?:on|at|via)|contact me (?:on|via|at|through|directly)|reach me (?:on|via|at)|your (?:phone|mobile|cell)(?: number)?|your number|your email|(?:outside|off) (?:this|the) (?:site|app))\b/giu,
    ),
  ],
  health: [
    vague(
      /\b(?:cures?|cured|curing|heals?|treats? (?:cancer|diabetes|covid|ibs|candida|autism|depression|anxiety|arthritis|illness|disease|infections?)|cancer|diabetes|tumou?rs?|detox\w*|miracle|medicinal|prevents? (?:cancer|disease|covid|illness)|boosts? (?:immunity|your immune)|immune boost\w*|anti-?cancer|chemo\w*)\b/giu,
    ),
  ],
};

/** What each built-in rule does until a moderator changes it. */
export const BUILT_IN_DEFAULTS: Record<
  BuiltInRuleCode,
  { action: ScreeningAction; strictAction: ScreeningAction; exception: string | null }
> = {
  money: {
    action: 'warn',
    strictAction: 'hold',
    exception:
      "no money*|money free|not for money|no payment*|no need to pay|don't need to pay|do not need to pay|never pay*|not paying|nothing to pay|pay it forward|paying it forward|free of charge|no charge|not selling|never sell*|not for sale|don't want money|won't take money|cover* the stamp*|cover* the postage|cover* postage|pay* for the stamp*|pay* for postage|pay* the postage|pay* for the envelope|stamped envelope|buy* a jar|buy* flour|buy* milk|buy* sugar|buy* tea|bought*|store bought|shop bought|from the supermarket|from the shop|at the supermarket|at the shop",
  },
  delivery: { action: 'hold', strictAction: 'hold', exception: null },
  link: { action: 'warn', strictAction: 'hold', exception: 'wikipedia.org|cultureshare*' },
  contact: { action: 'warn', strictAction: 'hold', exception: null },
  off_site: { action: 'warn', strictAction: 'hold', exception: null },
  health: { action: 'warn', strictAction: 'warn', exception: 'no health claims|not medicine' },
};

/** The built-in rules as they stand with no moderator change. */
export function defaultRules(): ScreeningRule[] {
  return BUILT_IN_RULE_CODES.map((code) => ({
    id: null,
    code,
    words: null,
    ...BUILT_IN_DEFAULTS[code],
    updatedAt: null,
  }));
}

// ---------------------------------------------------------------- moderators' patterns

const compiled = new Map<string, RegExp | null>();

/**
 * A moderator's pattern (common/moderation/screening.ts: phrases split by `|`, `*` for any letters) as a
 * case-insensitive regular expression that matches whole words only. Nothing a moderator types
 * can become a slow or invalid expression: everything but `*` is escaped.
 */
export function compilePattern(pattern: string | null, flags = 'giu'): RegExp | null {
  if (!pattern) return null;
  const key = `${flags}:${pattern}`;
  if (compiled.has(key)) return compiled.get(key)!;
  const phrases = pattern
    .split('|')
    .map((phrase) => normalise(phrase).trim().replace(/\s+/g, ' '))
    .filter((phrase) => phrase.replace(/\*/g, '').length > 0)
    .map((phrase) =>
      phrase
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&').replace(/ /g, '\\s+'))
        .join("[\\p{L}\\p{N}'-]*"),
    );
  const re =
    phrases.length === 0
      ? null
      : new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join('|')})(?![\\p{L}\\p{N}])`, flags);
  if (compiled.size > 500) compiled.clear();
  compiled.set(key, re);
  return re;
}

// ---------------------------------------------------------------- screening

/**
 * A text as its reader sees it (text/look-alikes.ts): invisible characters gone, look-alike
 * letters and every script's digits folded, so `wh\u0430tsapp` meets "WhatsApp" and
 * `O77OO 9OO123` a phone number.
 */
const normalise = readableText;

/** The clause around a match: the exception is read there, not across the whole message. */
function clauseAround(text: string, start: number, end: number): string {
  const boundary = /[!?;\n]|[.,](?=\s|$)/g;
  let from = 0;
  let to = text.length;
  for (const m of text.matchAll(boundary)) {
    if (m.index < start) from = m.index + 1;
    else if (m.index >= end) {
      to = m.index;
      break;
    }
  }
  return text.slice(from, to);
}

type Found = 'concrete' | 'vague' | 'note';

/**
 * Whether the patterns fire on the text: not at all, only for a newcomer's note, vaguely, or on
 * something concrete. Newcomer notes are read only on the stricter set (`strict`).
 */
function fires(
  text: string,
  patterns: Pattern[],
  exception: RegExp | null,
  code: ScreeningCode,
  strict = false,
): Found | null {
  let found: 'vague' | 'note' | null = null;
  for (const { re, exemptable, accept, concrete, newcomerNote } of patterns) {
    if (newcomerNote && (!strict || found)) continue;
    if (found === 'vague' && !concrete) continue;
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      if (accept && !accept(m[0].trim())) continue;
      if (exemptable && exception) {
        // A link is excused by its own address; other words by the clause they stand in.
        const where = code === 'link' ? m[0] : clauseAround(text, m.index, m.index + m[0].length);
        exception.lastIndex = 0;
        if (exception.test(where)) continue;
      }
      if (concrete) return 'concrete';
      found = newcomerNote ? 'note' : 'vague';
      break;
    }
  }
  return found;
}

const STRENGTH: Record<ScreeningAction, number> = { off: 0, warn: 1, hold: 2 };
const stronger = (a: ScreeningAction, b: ScreeningAction) => (STRENGTH[a] >= STRENGTH[b] ? a : b);
const weaker = (a: ScreeningAction, b: ScreeningAction) => (STRENGTH[a] <= STRENGTH[b] ? a : b);

/**
 * What a rule does with what it found. The stricter set holds a newcomer's concrete pull (a
 * number, an address, a payment, a link); a vague one ("text me") only warns there, unless the
 * rule holds it for everyone. A newcomer's note ("my friend delivers") warns at most.
 */
function actionFor(rule: ScreeningRule, strict: boolean, found: Found): ScreeningAction {
  if (found === 'note') return weaker(rule.strictAction, 'warn');
  if (!strict) return rule.action;
  if (found === 'concrete') return stronger(rule.strictAction, rule.action);
  return stronger(rule.action, weaker(rule.strictAction, 'warn'));
}

export interface ScreenOutcome {
  action: 'hold' | 'warn' | 'pass';
  /** Every rule that fired, holding or warning, in rule order (each code once). */
  codes: ScreeningCode[];
  /** The codes that only warned: they travel with the delivered message. */
  warnings: ScreeningCode[];
  /** Moderators' words that fired (their rule ids). */
  wordIds: number[];
}

/**
 * Screens one text against the rules. `strict` applies each rule's stricter action (a member's
 * first messages, accounts younger than a day). Any holding rule holds; otherwise any warning
 * rule warns.
 */
export function screenText(
  text: string,
  { strict = false, rules = defaultRules() }: { strict?: boolean; rules?: ScreeningRule[] } = {},
): ScreenOutcome {
  const body = normalise(text);
  const hold = new Set<ScreeningCode>();
  const warn = new Set<ScreeningCode>();
  const wordIds: number[] = [];
  for (const rule of rules) {
    if ((strict ? rule.strictAction : rule.action) === 'off') continue;
    const exception = compilePattern(rule.exception);
    let found: Found | null;
    if (rule.code === 'word') {
      // A moderator's own words are as concrete as they chose to make them.
      const words = compilePattern(rule.words);
      found = words && fires(body, [concrete(words, true)], exception, 'word');
      if (found && rule.id !== null) wordIds.push(rule.id);
    } else {
      found = fires(body, PATTERNS[rule.code], exception, rule.code, strict);
    }
    if (!found) continue;
    const action = actionFor(rule, strict, found);
    if (action !== 'off') (action === 'hold' ? hold : warn).add(rule.code);
  }
  const codes = rules.map((r) => r.code).filter((c, i, all) => all.indexOf(c) === i);
  const fired = codes.filter((c) => hold.has(c) || warn.has(c));
  const warnings = fired.filter((c) => !hold.has(c));
  return {
    action: hold.size > 0 ? 'hold' : warn.size > 0 ? 'warn' : 'pass',
    codes: fired,
    warnings,
    wordIds,
  };
}

export interface CorpusEntry {
  text: string;
  label: 'scam' | 'ordinary';
  /** The sender's first message (or a day-old account): the stricter set applies. */
  first: boolean;
}

/** How the rules do on a labelled corpus: scams held or warned, ordinary messages held. */
export function corpusFigures(corpus: CorpusEntry[], rules?: ScreeningRule[]) {
  let scams = 0;
  let scamsCaught = 0;
  let ordinary = 0;
  let ordinaryHeld = 0;
  let ordinaryWarned = 0;
  for (const entry of corpus) {
    const { action } = screenText(entry.text, { strict: entry.first, rules });
    if (entry.label === 'scam') {
      scams++;
      if (action !== 'pass') scamsCaught++;
    } else {
      ordinary++;
      if (action === 'hold') ordinaryHeld++;
      if (action === 'warn') ordinaryWarned++;
    }
  }
  return { scams, scamsCaught, ordinary, ordinaryHeld, ordinaryWarned };
}
