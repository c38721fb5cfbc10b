import { IntlMessageFormat } from 'intl-messageformat';
import {
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import type { Catalogue } from './catalogues';

/** Every key of a catalogue, dotted ("header.browse"), with its message. */
export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string | string[]> {
  const out = new Map<string, string | string[]>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || Array.isArray(value)) out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * The arguments an ICU message takes (`{name}`, `{count, plural, …}`) and the tags it holds
 * (`<strong>`), sorted: a translation must take the same ones as the English.
 */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  collect(new IntlMessageFormat(message, 'en').getAst(), found);
  return [...found].sort();
}

/** Walks a parsed message: an argument's name counts, a select or plural branch's words do not. */
function collect(elements: MessageFormatElement[], found: Set<string>): void {
  for (const el of elements) {
    if (isTagElement(el)) {
      found.add(`<${el.value}>`);
      collect(el.children, found);
    } else if (isSelectElement(el) || isPluralElement(el)) {
      found.add(el.value);
      for (const option of Object.values(el.options)) collect(option.value, found);
    } else if ('value' in el && !isLiteralElement(el) && !isPoundElement(el)) found.add(el.value);
  }
}
