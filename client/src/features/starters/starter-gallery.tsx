import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { StarterImage } from './starter-image';

/** The arrows over the photo: back one at the start side, on one at the end side. */
const steps = [
  { step: -1, label: 'gallery.previous', side: 'start-2', Icon: ChevronLeft },
  { step: 1, label: 'gallery.next', side: 'end-2', Icon: ChevronRight },
] as const;

/**
 * The detail page's photos: the cover alone as before, or every photo in a strip that snaps
 * one photo at a time (a swipe on a phone), with Previous/Next and a button per photo for
 * keyboards and mice. The box keeps the cover's 4:3 shape, so nothing moves as photos load.
 */
export function StarterGallery({ starter, className }: { starter: Starter; className?: string }) {
  const { t } = useTranslation('starters');
  const photos = starter.photos ?? [];
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  if (photos.length <= 1) {
    return <StarterImage starter={starter} variant="full" className={className} />;
  }
  const count = photos.length;

  const show = (index: number) => {
    const el = strip.current;
    if (!el) return;
    const target = Math.max(0, Math.min(count - 1, index));
    el.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
    setCurrent(target);
  };
  const onScroll = () => {
    const el = strip.current;
    if (el && el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') show(current - 1);
    else if (e.key === 'ArrowRight') show(current + 1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('gallery.label', { title: starter.title })}
    >
      <div className={cn('relative overflow-hidden', className)}>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move the strip it names */}
        <div
          ref={strip}
          role="group"
          aria-label={t('gallery.strip', { n: current + 1, count })}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling strip must be reachable by keyboard
          tabIndex={0}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          className="flex aspect-[4/3] w-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain bg-surface-muted [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((photo, index) => (
            <div
              key={photo.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('gallery.slide', { n: index + 1, count })}
              className="relative h-full w-full shrink-0 snap-center"
            >
              <img
                src={photo.imagePath}
                alt={
                  index === 0
                    ? starter.title
                    : t('gallery.photoAlt', { title: starter.title, n: index + 1, count })
                }
                width={photo.width}
                height={photo.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                decoding={index === 0 ? undefined : 'async'}
                draggable={false}
                className="absolute inset-0 size-full object-cover"
              />
            </div>
          ))}
        </div>
        {steps.map(({ step, label, side, Icon }) => (
          <Button
            key={label}
            variant="outline"
            size="icon"
            aria-label={t(label)}
            className={cn('absolute top-1/2 size-11 -translate-y-1/2 bg-surface/90', side)}
            disabled={current + step < 0 || current + step > count - 1}
            onClick={() => show(current + step)}
          >
            <Icon className="size-5 rtl:-scale-x-100" aria-hidden />
          </Button>
        ))}
      </div>
      <div className="mt-1 flex justify-center">
        {photos.map((photo, index) => (
          <button
            key={photo.id}
            type="button"
            aria-label={t('gallery.show', { n: index + 1, count })}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => show(index)}
            className="grid size-11 cursor-pointer place-items-center rounded-full"
          >
            <span
              aria-hidden
              className={cn(
                'size-2.5 rounded-full',
                index === current ? 'bg-accent' : 'bg-muted/50',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
