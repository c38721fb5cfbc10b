import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HandHeart } from 'lucide-react';
import type { ListingAsks } from '../../../../common/listings/asks';
import { displayName } from '../../../../common/members/display';
import { apiRequest } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { askKeys } from '../../lib/query-keys';

/**
 * For the giver of a listing: "<name> asked for this", a link to each open ask the listing was
 * announced to when it was new (decision 141). Nothing for anyone else, nor when nobody asked.
 */
export function ListingAsks({ starter }: { starter: { id: number; userId: string } }) {
  const { t } = useTranslation('account');
  const { user } = useCurrentUser();
  const isOwner = !!user && user.id === starter.userId;
  const asked = useQuery({
    queryKey: askKeys.forListing(starter.id),
    queryFn: ({ signal }) =>
      apiRequest<ListingAsks>(`/api/starters/${starter.id}/asks`, { signal }),
    enabled: isOwner,
  });
  const asks = isOwner ? (asked.data?.asks ?? []) : [];
  if (asks.length === 0) return null;
  return (
    <section aria-label={t('asks.forListing.label')} className="mx-auto max-w-6xl px-4 pb-6">
      <ul className="grid gap-2 rounded-lg border border-border bg-surface p-4">
        {asks.map((ask) => (
          <li key={ask.id} className="flex items-center gap-2">
            <HandHeart className="size-4 shrink-0 text-primary" aria-hidden />
            <Link
              to={paths.ask.href(ask.id)}
              className="inline-flex min-h-11 items-center font-medium underline underline-offset-4"
            >
              {t('asks.forListing.askedForThis', {
                name: displayName(ask.user, t('asks.aMember')),
              })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
