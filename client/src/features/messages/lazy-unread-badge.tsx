import { lazy, Suspense } from 'react';

// Loaded after first paint: the header is in the first-load bundle, which has a size budget.
const UnreadBadge = lazy(() => import('./unread-badge').then((m) => ({ default: m.UnreadBadge })));

/** The header's unread total (and live updates), fetched once a member is signed in. */
export function LazyUnreadBadge() {
  return (
    <Suspense fallback={null}>
      <UnreadBadge />
    </Suspense>
  );
}
