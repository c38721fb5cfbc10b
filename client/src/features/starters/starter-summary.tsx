import { ownerName } from '../../../../common/members/display';
import type { Starter } from '../../../../common/listings/starters';
import { Avatar } from '../../components/ui/avatar';
import { CategoryBadge } from './category-badge';

/** The starter at the top of the message and report dialogs: photo, category, title, owner. */
export function StarterSummary({ starter }: { starter: Starter }) {
  const image = starter.thumbnailPath ?? starter.imagePath;
  return (
    <div className="flex gap-3 rounded-xl border border-border bg-surface-muted/60 p-3">
      {image && (
        <img
          src={image}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-lg object-cover"
        />
      )}
      <div className="min-w-0 flex-1">
        <CategoryBadge category={starter.category} />
        <p className="mt-1 line-clamp-2 font-semibold wrap-anywhere">{starter.title}</p>
        <div className="mt-1 flex items-center gap-2 text-sm text-muted">
          <Avatar person={starter.user} className="size-6 text-[0.65rem]" />
          <span className="truncate">{ownerName(starter.user)}</span>
        </div>
      </div>
    </div>
  );
}
