/**
 * The browse count: exact as "N result(s)"; past the server's cap it says only what is known,
 * "1,000+ results", never a made-up number.
 */
export function resultCount(total: number, totalIsCapped = false): string {
  return totalIsCapped ? `${total.toLocaleString('en-US')}+ results` : `${total} result(s)`;
}
