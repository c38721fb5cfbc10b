import { useTranslation } from 'react-i18next';
import { categoryEmoji, OTHER_SUBCATEGORY } from '../../../../common/listings/catalogue';
import type { Starter } from '../../../../common/listings/starters';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { useCategoryName, useSubcategoryName } from '../../lib/catalogue-text';

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  const categoryName = useCategoryName();
  return (
    <Badge className={className}>
      <span aria-hidden>{categoryEmoji(category)}</span>
      {categoryName(category)}
    </Badge>
  );
}

export function ClaimedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('browse');
  return (
    <Badge tone="sage" className={className}>
      {t('card.claimed')}
    </Badge>
  );
}

/**
 * The starter's type on its photo, in the page's language ("Gránulos de kéfir"); for a type the
 * catalogue lacks ("Other"), the member's own words for it.
 */
export function TypeBadge({
  starter,
  className,
}: {
  starter: Pick<Starter, 'category' | 'subcategory' | 'starterType'>;
  className?: string;
}) {
  const subcategoryName = useSubcategoryName();
  const name =
    starter.subcategory === OTHER_SUBCATEGORY && starter.starterType
      ? starter.starterType
      : subcategoryName(starter.category, starter.subcategory);
  return (
    <Badge tone="muted" className={cn('max-w-[70%] truncate bg-surface/90 text-text', className)}>
      {name}
    </Badge>
  );
}
