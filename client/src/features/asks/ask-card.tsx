import { displayName } from '../../../../common/members/display';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ask } from '../../../../common/listings/asks';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import { Card } from '../../components/ui/card';
import { memberLocale } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useCategoryName, useSubcategoryName } from '../../lib/catalogue-text';

/** What an ask is for, in words: "Kefir grains", or the category for "Other"; in the page's language. */
export function useAskWhat(): (ask: Pick<Ask, 'category' | 'subcategory'>) => string {
  const categoryName = useCategoryName();
  const subcategoryName = useSubcategoryName();
  return (ask) =>
    ask.subcategory === 'other'
      ? categoryName(ask.category)
      : subcategoryName(ask.category, ask.subcategory);
}

export function useAskerName(): (ask: Ask) => string {
  const { t } = useTranslation('account');
  return (ask) => displayName(ask.user, t('asks.aMember'));
}

/** A short date in the member's locale: "6/21/2026" in en-US, "21/06/2026" in en-GB. */
export function askDate(date: string | Date): string {
  return new Date(date).toLocaleDateString(memberLocale());
}

/** The line above an ask's title: its category's emoji and where it is asked for. */
export function AskedFor({ ask }: { ask: Ask }) {
  const { t } = useTranslation('account');
  return (
    <p className="text-sm text-muted">
      <span aria-hidden>{categoryEmoji(ask.category)} </span>
      {t('asks.askedFor', { location: ask.location })}
    </p>
  );
}

/** An ask in browse's "Asked for" view: what, where, who, and a link to its page. */
export function AskCard({ ask }: { ask: Ask }) {
  const { t } = useTranslation('account');
  const askWhat = useAskWhat();
  const askerName = useAskerName();
  return (
    <Card className="flex h-full flex-col gap-2 p-5">
      <AskedFor ask={ask} />
      <h2 className="text-lg font-semibold">
        <Link to={paths.ask.href(ask.id)} className="underline-offset-4 hover:underline">
          {askWhat(ask)}
          {ask.search ? ` — ${ask.search}` : ''}
        </Link>
      </h2>
      {ask.note && <p className="line-clamp-3 text-sm">{ask.note}</p>}
      <p className="mt-auto text-sm text-muted">
        {t('asks.byUntil', { name: askerName(ask), date: askDate(ask.expiresAt) })}
      </p>
    </Card>
  );
}
