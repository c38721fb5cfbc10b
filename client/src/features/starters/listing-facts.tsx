import { Mail, Package, Store } from 'lucide-react';
import type { Starter } from '../../../../common/starters';
import { cn } from '../../lib/cn';

/** "2 portions left", "1 of 3 reserved", "1 of 3 reserved · 2 left" … */
export function portionsText(portions: number, left: number, reservedCount: number): string {
  if (left <= 0) return reservedCount > 0 ? `All ${portions} reserved` : 'None left';
  const leftText = `${left} portion${left === 1 ? '' : 's'} left`;
  return reservedCount > 0 ? `${reservedCount} of ${portions} reserved · ${leftText}` : leftText;
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
 * detail page. Others see reserved portions ("1 of 3 reserved") and may still ask, to queue.
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
        {portionsText(s.portions, left, reservedCount)}
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
