import { categoryEmoji, categoryName } from '../../../../common/catalogue';
import { Badge } from '../../components/ui/badge';

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <Badge className={className}>
      <span aria-hidden>{categoryEmoji(category)}</span>
      {categoryName(category)}
    </Badge>
  );
}

export function ClaimedBadge({ className }: { className?: string }) {
  return (
    <Badge tone="sage" className={className}>
      ✅ Claimed
    </Badge>
  );
}
