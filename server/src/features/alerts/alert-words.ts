/**
 * Words as alerts compare them: lower case, accents off, split on anything not a letter or
 * digit, a plural "s" off ("grains" → "grain"). An alert's words are kept so (GIN-indexed) and
 * a new listing's title, type and description are turned into the same tokens: the alert
 * matches when the listing holds every one of its tokens (`search_tokens <@ listing tokens`).
 */
export function wordTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const tokens = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return [...new Set(tokens)];
}
