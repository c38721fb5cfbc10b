import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import type { Starter } from '../../../../common/listings/starters';
import { paths } from '../../lib/paths';
import { timeAgo } from '../../lib/time';
import { ClaimedBadge } from './category-badge';
import { useCategoryName } from '../../lib/catalogue-text';

/**
 * A small listing for a strip of them (the landing page): the photo, the title, where and when,
 * the whole tile one link to the starter. The thumbnail is the 480 px variant in a fixed box (no
 * layout shift), lazy unless `eager` says it is painted first.
 */
export function StarterTile({ starter, eager }: { starter: Starter; eager?: boolean }) {
  const categoryName = useCategoryName();
  const src = starter.thumbnailPath ?? starter.imagePath;
  return (
    <Link
      to={paths.starter.href(starter.id)}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow hover:shadow-md focus-visible:shadow-md"
    >
      <div className="relative aspect-[4/3] w-full overflow-hidden bg-surface-muted">
        {src ? (
          // The title beside it names the tile: the photo adds nothing a reader needs said.
          <img
            src={src}
            alt=""
            width={480}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="absolute inset-0 size-full object-cover transition-transform group-hover:scale-105"
          />
        ) : (
          <span
            className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-accent-soft to-sage-soft text-4xl"
            aria-hidden
          >
            {categoryEmoji(starter.category)}
          </span>
        )}
        {starter.isClaimed && <ClaimedBadge className="absolute top-2 start-2 shadow-sm" />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <span className="text-xs text-muted">
          <span aria-hidden>{categoryEmoji(starter.category)} </span>
          {categoryName(starter.category)}
        </span>
        <span className="line-clamp-2 font-semibold wrap-anywhere group-hover:underline">
          {starter.title}
        </span>
        <span className="mt-auto flex items-center gap-1 text-xs text-muted">
          <MapPin className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{starter.location}</span>
        </span>
        {/* Seconds pass between the server's HTML and the app taking it over (decision 034). */}
        <span className="text-xs text-muted" suppressHydrationWarning>
          {timeAgo(starter.createdAt)}
        </span>
      </div>
    </Link>
  );
}
