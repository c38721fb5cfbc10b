import { useEffect } from 'react';
import { documentTitle } from '../../../common/pages';

/**
 * Sets the tab title for the page ("Browse Starters · CultureShare"): a page's own title from
 * the page table (`pages.browse.title`), or one made from its data (a starter's).
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
