/**
 * Finds a shared message (decision 090) from the English text a schema or the server gave: by
 * its whole wording, or, for a message with simple `{name}` arguments ("Unknown place
 * "{place}": try …"), by its wording around them, with what stood in each argument's place.
 * One lookup for the server's error answers and the app's fields and toasts.
 */
export interface MessageMatch {
  key: string;
  values: Record<string, string>;
}

const SIMPLE_ARGUMENT = /\{([A-Za-z_]\w*)\}/g;

export function messageLookup(
  english: Iterable<[key: string, text: string]>,
): (text: string) => MessageMatch | undefined {
  const whole = new Map<string, string>();
  const templates: { key: string; pattern: RegExp; names: string[] }[] = [];
  for (const [key, text] of english) {
    const names = [...text.matchAll(SIMPLE_ARGUMENT)].map((m) => m[1]!);
    // Plurals, selects and quoted braces are not read back: such a message is found whole.
    const rest = text.replace(SIMPLE_ARGUMENT, '');
    if (names.length === 0 || /[{}']/.test(rest)) {
      whole.set(text, key);
      continue;
    }
    const source = text
      .split(SIMPLE_ARGUMENT)
      .map((part, i) => (i % 2 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  return (text) => {
    const key = whole.get(text);
    if (key) return { key, values: {} };
    for (const { key, pattern, names } of templates) {
      const m = pattern.exec(text);
      if (m) return { key, values: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) };
    }
    return undefined;
  };
}
