import type { ReactNode } from 'react';

/**
 * One row of a short list of things the member can act on (passkeys, backups to ask, asks to
 * answer): what it is, then its buttons at the end, or under it on a narrow screen.
 */
export function ActionRow({ children }: { children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border p-3">
      {children}
    </li>
  );
}
