import { useEffect } from 'react';

const SITE = 'CultureShare';

/** Sets the tab title for the page ("Browse Starters · CultureShare"). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · ${SITE}`;
  }, [title]);
}
