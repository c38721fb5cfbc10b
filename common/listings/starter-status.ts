/**
 * A listing's status as members see it: derived from its row, never stored (decision 020).
 * "Expired" is defined here once; the server's access policy asks `isExpired` too.
 */

/** Derived, never stored (decision 020). */
export const STARTER_STATUSES = ['available', 'reserved', 'claimed', 'expired'] as const;
export type StarterStatus = (typeof STARTER_STATUSES)[number];

export interface StatusFacts {
  isClaimed: boolean;
  portions: number;
  portionsReserved: number;
  portionsGiven: number;
  availableUntil: Date;
}

/** Past its "available until" and not claimed: it has left browse and search. */
export function isExpired(
  s: Pick<StatusFacts, 'isClaimed' | 'availableUntil'>,
  now = new Date(),
): boolean {
  return !s.isClaimed && s.availableUntil.getTime() <= now.getTime();
}

/** Portions that can still be reserved or given. */
export const portionsLeftOf = (s: Omit<StatusFacts, 'isClaimed' | 'availableUntil'>) =>
  Math.max(0, s.portions - s.portionsReserved - s.portionsGiven);

/**
 * claimed (by the spec's call or the last portion given) wins; then expired; then reserved
 * when every portion left is held for someone; else available. Claimed starters never expire.
 */
export function starterStatus(s: StatusFacts, now = new Date()): StarterStatus {
  if (s.isClaimed) return 'claimed';
  if (isExpired(s, now)) return 'expired';
  if (portionsLeftOf(s) === 0 && s.portionsReserved > 0) return 'reserved';
  return 'available';
}
