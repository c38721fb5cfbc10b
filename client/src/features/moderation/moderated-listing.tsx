import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

/** The listing a moderator decides about, as a photo (or its category's emoji when it has none). */
export function StarterThumb({
  starter,
}: {
  starter: {
    title: string;
    category: string;
    imagePath: string | null;
    thumbnailPath: string | null;
  };
}) {
  const { t } = useTranslation('moderation');
  const photo = starter.thumbnailPath ?? starter.imagePath;
  return photo ? (
    <img
      src={photo}
      alt={starter.title}
      width={160}
      height={120}
      loading="lazy"
      className="aspect-[4/3] w-full shrink-0 rounded-lg border border-border bg-surface object-cover sm:w-40"
    />
  ) : (
    <div className="flex aspect-[4/3] w-full shrink-0 flex-col items-center justify-center rounded-lg border border-dashed border-border bg-surface text-sm text-muted sm:w-40">
      <span aria-hidden className="text-3xl">
        {categoryEmoji(starter.category)}
      </span>
      {t('shared.noPhoto')}
    </div>
  );
}

/** The way from a moderator's card to the listing itself, named by its title for screen readers. */
export function OpenListingLink({
  starter,
  className,
}: {
  starter: { id: number; title: string };
  className?: string;
}) {
  const { t } = useTranslation('moderation');
  return (
    <Link
      to={paths.starter.href(starter.id)}
      aria-label={t('shared.openListingLabel', { title: starter.title })}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-accent-hover underline underline-offset-4 dark:text-accent',
        className,
      )}
    >
      <ExternalLink className="size-4" aria-hidden />
      {t('shared.openListing')}
    </Link>
  );
}
