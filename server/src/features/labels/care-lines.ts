import type { CareCard } from '../../../../common/cultures/care-cards/schema';
import { findCareCard } from '../../../../common/cultures/care-cards/cards';
import { formatQuantity, formatText } from '../../../../common/cultures/care-cards/quantities';
import type { Language } from '../../../../common/i18n/languages';
import { wordFor, type Reader } from '../../i18n/wording';
import es_beverage from '../../../../common/locales/es/care-cards/beverage.json';
import es_dairy from '../../../../common/locales/es/care-cards/dairy.json';
import es_grain from '../../../../common/locales/es/care-cards/grain.json';
import es_legume from '../../../../common/locales/es/care-cards/legume.json';
import es_other from '../../../../common/locales/es/care-cards/other.json';
import fr_beverage from '../../../../common/locales/fr/care-cards/beverage.json';
import fr_dairy from '../../../../common/locales/fr/care-cards/dairy.json';
import fr_grain from '../../../../common/locales/fr/care-cards/grain.json';
import fr_legume from '../../../../common/locales/fr/care-cards/legume.json';
import fr_other from '../../../../common/locales/fr/care-cards/other.json';
import de_beverage from '../../../../common/locales/de/care-cards/beverage.json';
import de_dairy from '../../../../common/locales/de/care-cards/dairy.json';
import de_grain from '../../../../common/locales/de/care-cards/grain.json';
import de_legume from '../../../../common/locales/de/care-cards/legume.json';
import de_other from '../../../../common/locales/de/care-cards/other.json';

/** The cards' words in the other languages (English is the cards' own), as the care card page has them. */
const cardTexts: Record<Exclude<Language, 'en'>, Record<string, { eats?: string }>> = {
  es: { ...es_beverage, ...es_dairy, ...es_grain, ...es_legume, ...es_other },
  fr: { ...fr_beverage, ...fr_dairy, ...fr_grain, ...fr_legume, ...fr_other },
  de: { ...de_beverage, ...de_dairy, ...de_grain, ...de_legume, ...de_other },
};

/** The first sentence of a card's text, metric. */
function firstSentence(text: string): string {
  const plain = formatText(text, 'metric').trim();
  const end = plain.search(/[.!?](\s|$)/);
  return end === -1 ? plain : plain.slice(0, end + 1);
}

/**
 * Three lines of care for a jar's label, from the culture's care card, in the reader's words:
 * what it eats, how often it must be fed at least, and the temperature it is happiest at. None
 * when there is no card for it.
 */
export function careLines(subcategory: string, reader: Reader): string[] {
  const card: CareCard | undefined = findCareCard(subcategory);
  if (!card) return [];
  const eats =
    (reader.language === 'en' ? undefined : cardTexts[reader.language][subcategory]?.eats) ??
    card.eats;
  const range = formatQuantity(
    { value: card.temperatureC.min, to: card.temperatureC.max, unit: '°C' },
    'metric',
  );
  return [
    wordFor({ key: 'pages:jar.pdf.eats', values: { text: firstSentence(eats) } }, reader),
    wordFor({ key: 'pages:jar.pdf.feedAtLeast', values: { days: card.feedWithinDays } }, reader),
    wordFor({ key: 'pages:jar.pdf.happiest', values: { range } }, reader),
  ];
}
