import type { TFunction } from 'i18next';

/**
 * The browse count: exact as "N result(s)"; past the server's cap it says only what is known,
 * "1,000+ results", never a made-up number.
 */
export function resultCount(t: TFunction<'browse'>, total: number, totalIsCapped = false): string {
  return totalIsCapped
    ? t('results.countCapped', { count: total })
    : t('results.count', { count: total });
}
