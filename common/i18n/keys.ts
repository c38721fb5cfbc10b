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
  // Arguments open with `{name` followed by `}` or `,`; plural branches (`one {…}`) do not.
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[},]/g)) found.add(match[1]!);
  for (const match of message.matchAll(/<\/?([a-z][\w]*)\s*\/?>/g)) found.add(`<${match[1]}>`);
  return [...found].sort();
}
