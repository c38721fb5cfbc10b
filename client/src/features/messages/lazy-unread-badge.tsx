import { lazy, Suspense } from 'react';
import type { QueryKey } from '@tanstack/react-query';

// Loaded after first paint: the header is in the first-load bundle, which has a size budget.
const UnreadBadge = lazy(() => import('./unread-badge').then((m) => ({ default: m.UnreadBadge })));

/**
 * The header's unread total (and live updates), fetched once a member is signed in.
 * `alsoRefresh`: other answers a new message or system line may change (e.g. hand-overs).
 */
export function LazyUnreadBadge({ alsoRefresh }: { alsoRefresh?: readonly QueryKey[] }) {
  return (
    <Suspense fallback={null}>
      <UnreadBadge alsoRefresh={alsoRefresh} />
    </Suspense>
  );
}
