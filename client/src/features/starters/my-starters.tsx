import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { SKELETON_CARDS } from '../../../../common/site/constants';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingNote } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/message-card';
import { FeedReminder } from './freshness';
import { StarterCard, StarterCardSkeleton } from './starter-card';
import { useMyStarters } from './starters-api';
import { paths } from '../../lib/paths';

/**
 * The profile's 'My Starters' tab: the signed-in member's starters with their actions;
 * `below` adds what the page composes in under each one (its hand-over state).
 */
export function MyStarters({ below }: { below?: (starter: Starter) => ReactNode } = {}) {
  const { t } = useTranslation(['starters', 'browse']);
  const query = useMyStarters();
  const addRef = useRef<HTMLAnchorElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useFocusAfterRemoval(query.data, listRef, addRef);
  return (
    <div className="grid gap-5">
      <div className="flex justify-end">
        <Button asChild size="sm">
          <Link to={paths.post} ref={addRef}>
            <Plus className="size-4" aria-hidden />
            {t('mine.add')}
          </Link>
        </Button>
      </div>
      {query.isPending ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <LoadingNote>{t('mine.loading')}</LoadingNote>
          {Array.from({ length: Math.min(3, SKELETON_CARDS) }, (_, i) => (
            <StarterCardSkeleton key={i} />
          ))}
        </div>
      ) : query.isError ? (
        <Card className="p-8 text-center" role="alert">
          <p className="font-semibold">{t('browse:results.failed')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void query.refetch()}>
            {t('browse:results.tryAgain')}
          </Button>
        </Card>
      ) : query.data.length === 0 ? (
        <EmptyState title={t('mine.none')}>
          <Button asChild className="mt-5">
            <Link to={paths.post}>{t('mine.first')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <ul ref={listRef} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.map((starter) => (
            // min-w-0: a grid item may shrink below its longest word (a one-word title).
            <li key={starter.id} className="flex min-w-0 flex-col [&>article]:flex-1">
              <StarterCard starter={starter} />
              <FeedReminder starter={starter} compact />
              {below?.(starter)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A starter deleted from its card's menu takes its menu, and the focus, with it. Focus then
 * goes to the card that took its place (or the one before it), else to "Add New Starter", so a
 * keyboard or screen-reader user goes on from where they were instead of the top of the page.
 */
function useFocusAfterRemoval(
  starters: Starter[] | undefined,
  listRef: React.RefObject<HTMLUListElement | null>,
  addRef: React.RefObject<HTMLAnchorElement | null>,
) {
  const previous = useRef<number[]>([]);
  useEffect(() => {
    const before = previous.current;
    const now = starters?.map((s) => s.id) ?? [];
    previous.current = now;
    const gone = before.findIndex((id) => !now.includes(id));
    if (gone < 0 || !starters) return;
    // After the closing dialog has tried, and failed, to give focus back to the removed menu.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const cards = listRef.current?.querySelectorAll<HTMLElement>(':scope > li h2 a') ?? [];
      const target = cards[Math.min(gone, cards.length - 1)] ?? addRef.current;
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [starters, listRef, addRef]);
}
