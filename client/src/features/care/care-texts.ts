import type { CareCard } from '../../../../common/cultures/care-cards/schema';
import type { CultureForm } from '../../../../common/cultures/cultures';
import type { Language } from '../../../../common/i18n/languages';

/**
 * A care card's words in another language (common/locales/<lang>/care-cards/<category>.json,
 * beside the English cards of common/cultures/care-cards/): any of its texts, with the same quantity
 * tokens ("{15 g}") as the English, so the unit toggle still converts them. A text a language
 * lacks stays English.
 */
export interface CareCardText {
  title?: string;
  summary?: string;
  eats?: string;
  feeding?: { ratio?: string; schedule?: string };
  temperatureNote?: string;
  storage?: string[];
  wake?: Partial<Record<CultureForm, string[]>>;
  healthy?: { looks?: string; smells?: string };
  discard?: string[];
}

export type CareTexts = Record<string, CareCardText>;

const files = import.meta.glob<CareTexts>('../../../../common/locales/*/care-cards/*.json', {
  import: 'default',
});

/** Every card's words in `language` (none for English: the cards are written in it). */
export async function loadCareTexts(language: Language): Promise<CareTexts> {
  if (language === 'en') return {};
  const mine = Object.entries(files).filter(([path]) =>
    path.includes(`/locales/${language}/care-cards/`),
  );
  const parts = await Promise.all(mine.map(([, load]) => load()));
  return Object.assign({}, ...parts) as CareTexts;
}

/** The card with its texts in the language `text` is in; what `text` lacks stays as it was. */
export function translateCard(card: CareCard, text: CareCardText | undefined): CareCard {
  if (!text) return card;
  const wake = { ...card.wake };
  for (const form of Object.keys(wake) as CultureForm[]) {
    const words = text.wake?.[form];
    if (wake[form] && words) wake[form] = words;
  }
  return {
    ...card,
    title: text.title ?? card.title,
    summary: text.summary ?? card.summary,
    eats: text.eats ?? card.eats,
    feeding: {
      ratio: text.feeding?.ratio ?? card.feeding.ratio,
      schedule: text.feeding?.schedule ?? card.feeding.schedule,
    },
    temperatureNote: text.temperatureNote ?? card.temperatureNote,
    storage: text.storage ?? card.storage,
    wake,
    healthy: {
      looks: text.healthy?.looks ?? card.healthy.looks,
      smells: text.healthy?.smells ?? card.healthy.smells,
    },
    discard: text.discard ?? card.discard,
  };
}
