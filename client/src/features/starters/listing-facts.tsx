import { Mail, Package, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Starter } from '../../../../common/listings/starters';
import { cn } from '../../lib/cn';

export function travelText(travel: readonly string[]): string {
  const pickup = travel.includes('pickup');
  const post = travel.includes('post');
  return pickup && post ? 'Pickup or post' : post ? 'By post' : 'Pickup only';
}

export const POSTAGE_TEXT = {
  giver: 'The giver covers postage',
  recipient: 'Send a stamped addressed envelope',
} as const;

/**
 * Portions, how it travels, who covers postage and what to bring, on a card (`compact`) or the
 * detail page. Others see reserved portions ("1 portion reserved") and may still ask, to queue.
 */
export function ListingFacts({
  starter,
  compact = false,
}: {
  starter: Starter;
  compact?: boolean;
}) {
  const { t } = useTranslation('browse');
  const s = starter;
  if (s.isClaimed || s.status === 'claimed') return null;
  const left = s.portionsLeft;
  const reservedCount = s.portionsReserved;
  const travel = s.travel;
  return (
    <ul className={cn('grid gap-1 text-sm', compact ? 'text-muted' : '')}>
      <li className="flex items-center gap-2">
        <Package className="size-4 shrink-0 text-accent" aria-hidden />
        {left <= 0
          ? reservedCount > 0
            ? t('facts.reservedOnly', { count: reservedCount })
            : t('facts.noneLeft')
          : reservedCount > 0
            ? t('facts.leftReserved', { left, reserved: reservedCount })
            : t('facts.left', { count: left })}
      </li>
      <li className="flex items-center gap-2">
        {travel.includes('post') ? (
          <Mail className="size-4 shrink-0 text-accent" aria-hidden />
        ) : (
          <Store className="size-4 shrink-0 text-accent" aria-hidden />
        )}
        {travel.includes('pickup') && travel.includes('post')
          ? t('facts.pickupOrPost')
          : travel.includes('post')
            ? t('facts.byPost')
            : t('facts.pickupOnly')}
        {!compact && travel.includes('post') && s.postage
          ? ` · ${t(s.postage === 'giver' ? 'facts.postageGiver' : 'facts.postageRecipient')}`
          : ''}
      </li>
      {!compact && s.bring && (
        <li>
          <span className="font-medium">{t('facts.bring')}</span> {s.bring}
        </li>
      )}
    </ul>
  );
}
