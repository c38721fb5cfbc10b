import { PAGE_DATA_ID, type PageData } from '../../../common/site/page-data';

/**
 * The answers the server put in the page (decision 028), read once and removed, so they seed
 * the query cache of the first paint only. Undefined when the page has none (the dev server).
 */
export function takePageData(): PageData | undefined {
  const island = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
  if (!island) return undefined;
  island.remove();
  try {
    return JSON.parse(island.textContent ?? '') as PageData;
  } catch {
    return undefined;
  }
}
