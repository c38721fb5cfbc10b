import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle, pages } from '../../../common/pages';

/** The page table's keys by their English titles: a page names its tab with `pages.x.title`. */
const titleKeys = new Map(
  Object.entries(pages).flatMap(([key, page]) =>
    'title' in page ? [[page.title as string, key] as const] : [],
  ),
);

/**
 * Sets the tab title for the page ("Browse Starters · CultureShare"): a page's own title from
 * the page table (`pages.browse.title`), in the page's language, or one made from its data (a
 * starter's), as it is.
 */
export function useDocumentTitle(title: string | undefined) {
  const { t, i18n } = useTranslation();
  const key = title ? titleKeys.get(title) : undefined;
  const shown = key ? t(`pageTitles.${key}` as 'pageTitles.home', { defaultValue: title }) : title;
  useEffect(() => {
    if (shown) document.title = documentTitle(shown);
  }, [shown, i18n.language]);
}
