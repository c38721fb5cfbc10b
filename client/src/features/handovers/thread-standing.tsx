import type { ReactNode } from 'react';
import type { Handover, Reservation } from '../../../../common/conversations/handovers';
import { useMyHandovers, useStarterActivity } from './handovers-api';

/** One line of where things stand, with its icon. */
export function Status({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** Where a conversation's hand-over stands, for whichever side is looking. */
export interface Standing {
  starterId: number;
  memberId: string;
  reservation: Reservation | null;
  handover: Handover | null;
  /** Portions that can still be reserved or given (the owner's side only). */
  portionsLeft: number;
}

/**
 * Where this conversation stands: from the owner's activity when the starter is mine (the
 * asker's reservation and hand-over), else from my own hand-overs.
 */
export function useStanding(
  starterId: number,
  otherId: string | null,
): (Standing & { isOwner: boolean }) | null {
  const activity = useStarterActivity(!!otherId);
  const mine = useMyHandovers(!!otherId);
  if (!otherId || !activity.data || !mine.data) return null;
  const listing = activity.data.find((a) => a.starterId === starterId);
  if (listing) {
    const asker = listing.askers.find((a) => a.user.id === otherId);
    const reservation = asker?.reservation?.status === 'active' ? asker.reservation : null;
    return {
      isOwner: true,
      starterId,
      memberId: otherId,
      reservation,
      handover: asker?.handover ?? null,
      portionsLeft: listing.status === 'claimed' ? 0 : listing.portionsLeft,
    };
  }
  const reservation =
    mine.data.reservedForMe.find((r) => r.starter.id === starterId && r.status === 'active') ??
    null;
  const handover = mine.data.received.findLast((h) => h.starter.id === starterId) ?? null;
  return { isOwner: false, starterId, memberId: otherId, reservation, handover, portionsLeft: 0 };
}
