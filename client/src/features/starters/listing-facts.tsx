import { Mail, Package, Store } from 'lucide-react';
import type { Starter } from '../../../../common/starters';
import { cn } from '../../lib/cn';

/** The hand-over fields a starter carries (optional until every answer has them). */
type ListingFields = Partial<{
  portions: number;
  portionsLeft: number;
  travel: ('pickup' | 'post')[];
  postage: 'giver' | 'recipient' | null;
  bring: string | null;
  status: 'available' | 'reserved' | 'claimed' | 'expired';
}>;

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
 * detail page. Reserved portions are counted from what is left but not yet given: the server's
 * `portionsLeft` excludes reservations, so others see "1 of 3 reserved".
 */
export function ListingFacts({
  starter,
  compact = false,
  reserved,
}: {
  starter: Starter;
  compact?: boolean;
  /** Portions reserved now, when known (the detail page). */
  reserved?: number;
}) {
  const s = starter as Starter & ListingFields;
  if (s.portions === undefined || s.isClaimed) return null;
  const left = s.portionsLeft ?? s.portions;
  const reservedCount = reserved ?? (s.status === 'reserved' ? Math.max(s.portions - left, 1) : 0);
  const travel = s.travel ?? ['pickup'];
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
