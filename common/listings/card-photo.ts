import type { Starter } from './starters';

/*
 * How a card shows a starter's photo: constants and a function only, no schema, so the cards of
 * browse's first load do not bring zod with them.
 */

/** Stored widths of a starter photo's variants (server/src/features/starters/photos.ts makes them). */
export const THUMB_WIDTH = 480;
export const FULL_WIDTH = 1600;

/**
 * A browse card's photo width at each layout of the browse grid (one column on phones, two from
 * `sm`, two beside the filters from `lg`, three from `xl`), so the browser picks the smallest
 * variant that is sharp on its screen.
 */
export const CARD_PHOTO_SIZES =
  '(min-width: 1280px) 262px, (min-width: 1024px) calc(50vw - 176px), (min-width: 640px) calc(50vw - 26px), calc(100vw - 34px)';

/** The card photo's `src`/`srcset`/`sizes`; the page's preload of its first photo uses the same. */
export function cardPhoto(
  starter: Pick<Starter, 'imagePath' | 'thumbnailPath'>,
): { src: string; srcSet?: string; sizes?: string } | null {
  const { imagePath, thumbnailPath } = starter;
  if (!thumbnailPath && !imagePath) return null;
  if (!thumbnailPath || !imagePath || thumbnailPath === imagePath) {
    return { src: (thumbnailPath ?? imagePath)! };
  }
  return {
    src: thumbnailPath,
    srcSet: `${thumbnailPath} ${THUMB_WIDTH}w, ${imagePath} ${FULL_WIDTH}w`,
    sizes: CARD_PHOTO_SIZES,
  };
}
