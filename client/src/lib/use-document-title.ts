import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle, type TitledPage } from '../../../common/site/pages';

/** Sets the tab title ("Maya's kefir grains · CultureShare") from a page's data, as it is. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}

/** Sets the tab title of a page of the page table ("Browse Starters · CultureShare"), in the page's language. */
export function usePageTitle(page: TitledPage) {
  const { t } = useTranslation();
  useDocumentTitle(t(`pageTitles.${page}`));
}
