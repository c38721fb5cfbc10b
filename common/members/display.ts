/** Who a member is on screen: the rules of spec §2 (header, card) and §9 (initials). */
export interface NamedPerson {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Header avatar menu: username, else first name, else 'User'. */
export function displayName(person: NamedPerson | null | undefined, fallback = 'User'): string {
  return person?.username?.trim() || person?.firstName?.trim() || fallback;
}

/** Starter cards and dialogs name an owner 'Anonymous' when nothing else is known. */
export function ownerName(person: NamedPerson | null | undefined): string {
  return displayName(person, 'Anonymous');
}

export function initials(person: NamedPerson | null | undefined): string {
  const first = person?.firstName?.trim();
  const last = person?.lastName?.trim();
  if (first && last) return (first[0]! + last[0]!).toUpperCase();
  const username = person?.username?.trim();
  if (username) return username.slice(0, 2).toUpperCase();
  return 'U';
}
