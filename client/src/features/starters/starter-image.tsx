import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import { cardPhoto } from '../../../../common/listings/card-photo';
import type { Starter } from '../../../../common/listings/starters';
import { cn } from '../../lib/cn';

/**
 * A starter's photo in a fixed aspect box (no layout shift). A card's photo comes in the size
 * the screen needs (`srcset`/`sizes`) and lazily, unless `priority` says it is in the first row
 * ('eager') or the page's largest paint ('high'). When the photo fails to load, the category
 * emoji, the title and 'Photo processing...' stand in.
 */
export function StarterImage({
  starter,
  variant,
  priority,
  className,
}: {
  starter: Pick<Starter, 'title' | 'category' | 'imagePath' | 'thumbnailPath'>;
  variant: 'thumb' | 'full';
  priority?: 'eager' | 'high';
  className?: string;
}) {
  const card = variant === 'thumb' ? cardPhoto(starter) : null;
  const src = variant === 'thumb' ? (card?.src ?? null) : starter.imagePath;
  const { t } = useTranslation('browse');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !!src && failedSrc === src;
  const lazy = variant === 'thumb' && !priority;
  return (
    <div className={cn('relative aspect-[4/3] w-full overflow-hidden bg-surface-muted', className)}>
      {src && !failed ? (
        <img
          src={src}
          srcSet={card?.srcSet}
          sizes={card?.sizes}
          alt={starter.title}
          width={variant === 'thumb' ? 480 : 1600}
          height={variant === 'thumb' ? 360 : 1200}
          loading={lazy ? 'lazy' : 'eager'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          decoding={priority === 'high' ? undefined : 'async'}
          onError={() => setFailedSrc(src)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-accent-soft to-sage-soft p-4 text-center">
          <span className={variant === 'thumb' ? 'text-5xl' : 'text-7xl'} aria-hidden>
            {categoryEmoji(starter.category)}
          </span>
          {failed ? (
            <>
              <span className="line-clamp-2 font-semibold">{starter.title}</span>
              <span className="text-sm text-muted">{t('card.photoProcessing')}</span>
            </>
          ) : (
            variant === 'full' && <span className="text-sm text-muted">{t('card.noImage')}</span>
          )}
        </div>
      )}
    </div>
  );
}
