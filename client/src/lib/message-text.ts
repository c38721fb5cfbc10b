import { useTranslation } from 'react-i18next';
import { messageLookup } from '../../../common/i18n/message-lookup';
import { englishCatalogues } from './i18n-english';

/** The shared messages by their English text (what the schemas and the server say). */
const findMessage = messageLookup(Object.entries(englishCatalogues.messages));

/**
 * Shows an English message from a shared schema, the server or a toast in the page's language
 * when the catalogue has it (decision 090); any other text (one the server already translated,
 * or one without a translation yet) as it is.
 */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation('messages');
  // Keys and values come from the catalogue itself, found at run time: no key to type-check.
  const byKey = t as unknown as (key: string, values: Record<string, string>) => string;
  return (text) => {
    const found = findMessage(text);
    return found ? byKey(found.key, found.values) : text;
  };
}
