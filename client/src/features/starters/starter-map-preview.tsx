import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import type { MapStarter } from '../../../../common/listings/starter-map';
import { CloseButton } from '../../components/ui/close-button';
import { useCategoryName } from '../../lib/catalogue-text';
import { paths } from '../../lib/paths';

/** The card a tapped starter shows on the map; Escape closes it. */
export function StarterMapPreview({
  starter,
  onClose,
}: {
  starter: MapStarter;
  onClose: () => void;
}) {
  const { t } = useTranslation('browse');
  const categoryName = useCategoryName();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="starter-map-preview absolute inset-x-3 bottom-3 z-[1000] mx-auto flex max-w-md gap-3 rounded-2xl border border-border bg-surface p-3 shadow-lg"
      role="region"
      aria-label={t('map.selected')}
    >
      <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-surface-muted">
        {starter.imageUrl ? (
          <img
            src={starter.imageUrl}
            alt=""
            width={80}
            height={80}
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-3xl" aria-hidden>
            {categoryEmoji(starter.category)}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-xs text-muted">
          <span aria-hidden>{categoryEmoji(starter.category)} </span>
          {categoryName(starter.category)}
        </span>
        <span className="line-clamp-2 font-semibold wrap-anywhere">{starter.title}</span>
        <Link
          to={paths.starter.href(starter.id)}
          className="mt-auto inline-flex min-h-11 items-center text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          {t('map.viewStarter')}
        </Link>
      </div>
      <CloseButton
        className="shrink-0 rounded-full hover:bg-surface-muted"
        aria-label={t('map.closePreview')}
        onClick={onClose}
      />
    </div>
  );
}
