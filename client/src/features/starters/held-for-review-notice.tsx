import { Clock } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { Starter } from '../../../../common/listings/starters';

/**
 * On a new listing that screening held: its owner learns why nobody else sees it yet. Others
 * never reach the page (the server answers 404).
 */
export function HeldForReviewNotice({ starter, isOwner }: { starter: Starter; isOwner: boolean }) {
  const { t } = useTranslation('starters');
  if (!starter.heldForReview || !isOwner) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-border bg-surface-muted p-3 text-sm"
    >
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <Trans t={t} i18nKey="detail.held" components={{ strong: <strong /> }} />
      </span>
    </p>
  );
}
