import { useTranslation } from 'react-i18next';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import { Badge } from '../../components/ui/badge';
import { useCategoryName } from '../../lib/catalogue-text';

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
