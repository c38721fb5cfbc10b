import { Mail, Package, Store } from 'lucide-react';
import { countOf } from '../../../../common/display';
import type { Starter } from '../../../../common/starters';
import { cn } from '../../lib/cn';

/**
 * "2 portions left", "1 portion reserved", "2 portions left · 1 reserved": what is there to ask
 * for first, in the words people use (never "All 1 reserved").
 */
export function portionsText(left: number, reservedCount: number): string {
  if (left <= 0)
    return reservedCount > 0 ? `${countOf(reservedCount, 'portion')} reserved` : 'None left';
  const leftText = `${countOf(left, 'portion')} left`;
  return reservedCount > 0 ? `${leftText} · ${reservedCount} reserved` : leftText;
}

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
  const s = starter;
  if (s.isClaimed || s.status === 'claimed') return null;
  const left = s.portionsLeft;
  const reservedCount = s.portionsReserved;
  const travel = s.travel;
  return (
    <ul className={cn('grid gap-1 text-sm', compact ? 'text-muted' : '')}>
      <li className="flex items-center gap-2">
        <Package className="size-4 shrink-0 text-accent" aria-hidden />
        {portionsText(left, reservedCount)}
      </li>
      <li className="flex items-center gap-2">
        {travel.includes('post') ? (
          <Mail className="size-4 shrink-0 text-accent" aria-hidden />
        ) : (
          <Store className="size-4 shrink-0 text-accent" aria-hidden />
        )}
        {travelText(travel)}
        {!compact && travel.includes('post') && s.postage ? ` · ${POSTAGE_TEXT[s.postage]}` : ''}
      </li>
      {!compact && s.bring && (
        <li>
          <span className="font-medium">Please bring:</span> {s.bring}
        </li>
      )}
    </ul>
  );
}
