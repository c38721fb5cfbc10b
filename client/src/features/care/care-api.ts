import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CareCard } from '../../../../common/cultures/care-cards/schema';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../../common/i18n/languages';
import { apiRequest } from '../../lib/api';
import { careKeys } from '../../lib/query-keys';
import { loadCareTexts, translateCard } from './care-texts';

/**
 * Care cards come from the API, one at a time, rather than in the bundle: all of them together
 * are many kilobytes that only the starter page needs, and one card at a time.
 */
export const careQueries = {
  card: (subcategory: string) =>
    queryOptions({
      queryKey: careKeys.card(subcategory),
      queryFn: ({ signal }) =>
        apiRequest<CareCard>(`/api/care-cards/${encodeURIComponent(subcategory)}`, { signal }),
      // Cards change only with a new release of the site.
      staleTime: Infinity,
    }),
};

/**
 * The card in the page's language: the API's English card with the language's words for it
 * (loaded once per language, with the first card); English where a text is not translated.
 */
export function useCareCard(subcategory: string) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const card = useQuery(careQueries.card(subcategory));
  const texts = useQuery({
    queryKey: [...careKeys.all, 'texts', language],
    queryFn: () => loadCareTexts(language),
    staleTime: Infinity,
    enabled: language !== DEFAULT_LANGUAGE,
  });
  // Not the English card for a moment before its words arrive: it waits for them (or their failure).
  const ready = language === DEFAULT_LANGUAGE || texts.isSuccess || texts.isError;
  return {
    data: card.data && ready ? translateCard(card.data, texts.data?.[subcategory]) : undefined,
    isError: card.isError,
    refetch: card.refetch,
  };
}
