/** A starter's id from the address: "12" → 12; anything else ("abc", "1.5", "-3") → null. */
export function parseStarterId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
