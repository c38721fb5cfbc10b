/**
 * Quantities in care-card text. Cards are written in metric and mark every quantity as a token
 * in braces, so the page can show it in metric or imperial without guessing at prose:
 *
 *   "Stir {50 g} of starter into {100 ml} of water"   "Keep it at {20–24 °C}"
 *
 * A token is a number, or a range of two joined by "–" or "-", then one unit: g, ml or °C.
 */
export const QUANTITY_UNITS = ['g', 'ml', '°C'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
export type UnitSystem = 'metric' | 'imperial';

export interface Quantity {
  value: number;
  /** The upper end of a range ("{20–24 °C}"), else undefined. */
  to?: number;
  unit: QuantityUnit;
}

export type TextPart = string | Quantity;

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const TOKEN = new RegExp(String.raw`\{(${NUMBER})(?:\s*[–-]\s*(${NUMBER}))?\s*(g|ml|°C)\}`, 'g');
/** A metric amount written outside braces: the toggle could not convert it. */
const BARE = new RegExp(
  String.raw`(?<![\w{–-])${NUMBER}(?:\s*[–-]\s*${NUMBER})?\s*(?:g|ml|°C|°|C)\b`,
);

/** The text split into plain runs and quantities, in order. */
export function splitQuantities(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const to = match[2] === undefined ? undefined : Number(match[2]);
    parts.push({
      value: Number(match[1]),
      ...(to === undefined ? {} : { to }),
      unit: match[3] as QuantityUnit,
    });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Why a card text cannot be shown in both systems, or null when it can. */
export function quantityProblem(text: string): string | null {
  const rest = text.replace(TOKEN, '');
  if (/[{}]/.test(rest)) return `a brace that is not a quantity in “${text}”`;
  const bare = BARE.exec(rest);
  if (bare) return `“${bare[0]}” is written without braces in “${text}”`;
  for (const part of splitQuantities(text)) {
    if (typeof part !== 'string' && part.to !== undefined && part.to <= part.value) {
      return `a range that does not go up in “${text}”`;
    }
  }
  return null;
}

const G_PER_OZ = 28.3495;
const ML_PER_FL_OZ = 29.5735;
const ML_PER_CUP = 236.588;

const trim = (n: number, digits: number) => String(Number(n.toFixed(digits)));

function ounces(grams: number): string {
  const oz = grams / G_PER_OZ;
  return trim(oz, oz < 1 ? 2 : oz < 10 ? 1 : 0);
}

const QUARTERS = ['', '¼', '½', '¾'];
/** To the nearest quarter cup, as a kitchen measures: "1½", "¾". */
function cups(ml: number): string {
  const quarters = Math.round((ml / ML_PER_CUP) * 4);
  const whole = Math.floor(quarters / 4);
  return `${whole > 0 ? whole : ''}${QUARTERS[quarters % 4]}` || '0';
}

const celsiusToF = (c: number) => String(Math.round((c * 9) / 5 + 32));

/** Volumes of half a cup and more are shown in cups, smaller ones in fluid ounces. */
const CUPS_FROM_ML = ML_PER_CUP / 2;

/** "50 g" / "1.8 oz", "250 ml" / "1 cup", "20–24 °C" / "68–75 °F". */
export function formatQuantity(q: Quantity, system: UnitSystem): string {
  const range = (f: (n: number) => string, unit: string) =>
    `${f(q.value)}${q.to === undefined ? '' : `–${f(q.to)}`}${unit}`;
  if (system === 'metric') return range(String, q.unit === '°C' ? ' °C' : ` ${q.unit}`);
  switch (q.unit) {
    case 'g':
      return range(ounces, ' oz');
    case '°C':
      return range(celsiusToF, ' °F');
    case 'ml': {
      const top = q.to ?? q.value;
      if (top >= CUPS_FROM_ML) {
        const many = top / ML_PER_CUP > 1.125;
        return range(cups, many ? ' cups' : ' cup');
      }
      return range((ml) => trim(ml / ML_PER_FL_OZ, 1), ' fl oz');
    }
  }
}

/** The whole text with every quantity in `system`. */
export function formatText(text: string, system: UnitSystem): string {
  return splitQuantities(text)
    .map((part) => (typeof part === 'string' ? part : formatQuantity(part, system)))
    .join('');
}
