import { forwardRef, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, ImagePlus, X } from 'lucide-react';
import {
  MESSAGE_PHOTOS_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE,
} from '../../../../common/site/constants';
import type { MessagePhoto } from '../../../../common/conversations/messages';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { toastError } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useMessageText } from '../../lib/message-text';
import { conversationsT, type ConversationsT } from '../../lib/conversations-t';

/**
 * A message's photos as thumbnails; each opens full size in a dialog where Previous and Next
 * move through the message's photos.
 */
export function MessagePhotos({
  photos,
  senderName,
  mine,
}: {
  photos: MessagePhoto[];
  senderName: string;
  mine: boolean;
}) {
  const { t } = useTranslation('conversations');
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul className={cn('mt-1 grid gap-1', count > 1 ? 'grid-cols-2' : 'grid-cols-1')}>
        {photos.map((photo, i) => (
          <li key={photo.url}>
            <button
              type="button"
              className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2"
              aria-label={t('photos.open', { n: i + 1, count })}
              onClick={() => setOpen(i)}
            >
              <img
                src={photo.thumbUrl}
                alt=""
                loading="lazy"
                className={cn(
                  'size-28 object-cover sm:size-36',
                  mine ? 'bg-accent-hover' : 'bg-surface-muted',
                )}
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        {shown && open !== null && (
          <DialogContent
            title={t('photos.title', { n: open + 1, count })}
            description={mine ? t('photos.sentByYou') : t('photos.sentBy', { name: senderName })}
            className="max-w-3xl"
          >
            <img
              src={shown.url}
              alt={
                mine
                  ? t('photos.altYou', { n: open + 1, count })
                  : t('photos.alt', { n: open + 1, count, name: senderName })
              }
              className="mx-auto max-h-[70vh] w-auto rounded-lg object-contain"
            />
            {count > 1 && (
              <div className="mt-3 flex justify-between gap-2">
                <Button
                  variant="outline"
                  onClick={() => setOpen((open - 1 + count) % count)}
                  aria-label={t('photos.previousLabel')}
                >
                  <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />{' '}
                  {t('photos.previous')}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => setOpen((open + 1) % count)}
                  aria-label={t('photos.nextLabel')}
                >
                  {t('photos.next')}{' '}
                  <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
                </Button>
              </div>
            )}
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

/** Checks chosen files as the server will, so a wrong one is named before sending. */
export function acceptPhotos(
  current: File[],
  chosen: File[],
  t: ConversationsT = conversationsT,
  say: (text: string) => string = (text) => text,
): File[] {
  const next = [...current];
  for (const file of chosen) {
    if (!file.type.startsWith('image/')) {
      toastError(t('photos.notAPhoto', { name: file.name }));
      continue;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      toastError(t('photos.tooLarge', { name: file.name, reason: say(PHOTO_TOO_LARGE) }));
      continue;
    }
    if (next.length >= MESSAGE_PHOTOS_MAX) {
      toastError(t('photos.atMost', { max: MESSAGE_PHOTOS_MAX }));
      break;
    }
    next.push(file);
  }
  return next;
}

/** The composer's "Add photos" button; its file input stays out of the tab order. */
export const AddPhotosButton = forwardRef<
  HTMLButtonElement,
  { photos: File[]; onChange: (photos: File[]) => void; disabled?: boolean }
>(function AddPhotosButton({ photos, onChange, disabled }, ref) {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const full = photos.length >= MESSAGE_PHOTOS_MAX;
  return (
    <>
      <input
        ref={setInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('photos.toSend')}
        data-testid="message-photo-input"
        onChange={(event) => {
          onChange(acceptPhotos(photos, [...(event.target.files ?? [])], t, say));
          event.target.value = '';
        }}
      />
      <Button
        ref={ref}
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        aria-label={full ? t('photos.addFull', { max: MESSAGE_PHOTOS_MAX }) : t('photos.add')}
        disabled={disabled || full}
        onClick={() => input?.click()}
      >
        <ImagePlus className="size-5" aria-hidden />
      </Button>
    </>
  );
});

/** The photos chosen for the next message, each with a way to take it out again. */
export function ChosenPhotos({
  photos,
  onChange,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
}) {
  const { t } = useTranslation('conversations');
  const urls = useMemo(() => photos.map((p) => URL.createObjectURL(p)), [photos]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  if (photos.length === 0) return null;
  return (
    <ul
      className="flex flex-wrap gap-2 border-t border-border px-3 pt-3"
      aria-label={t('photos.toSend')}
    >
      {photos.map((photo, i) => (
        <li key={urls[i]} className="relative">
          <img
            src={urls[i]}
            alt={t('photos.chosen', { n: i + 1 })}
            className="size-16 rounded-lg object-cover"
          />
          <button
            type="button"
            className="absolute -top-2 -end-2 flex size-11 items-center justify-center"
            aria-label={t('photos.remove', { n: i + 1 })}
            onClick={() => onChange(photos.filter((_, j) => j !== i))}
          >
            <span className="flex size-6 items-center justify-center rounded-full bg-text text-bg">
              <X className="size-3.5" aria-hidden />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
