import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NOT_AN_IMAGE, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '../../../../common/site/constants';
import { STARTER_PHOTOS_MAX, TOO_MANY_PHOTOS } from '../../../../common/listings/starter-photo';
import { cn } from '../../lib/cn';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/form-controls';

/** The photo picker's check before any upload: images only, 5 MB at most. */
export function checkPhoto(file: File): string | null {
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  if (file.type && !file.type.startsWith('image/')) return NOT_AN_IMAGE;
  return null;
}

function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl); // eslint-disable-line react-hooks/set-state-in-effect -- mirrors an external object URL
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);
  return file ? url : null;
}

/** A photo of the form: one the listing has (by id), or one just picked. */
export type PhotoItem =
  { key: string; kind: 'kept'; id: string; src: string } | { key: string; kind: 'new'; file: File };

let nextKey = 0;
export const newPhotoItem = (file: File): PhotoItem => ({
  key: `new-${(nextKey += 1)}`,
  kind: 'new',
  file,
});

/** Moves the item at `from` to `to`, the others keeping their order. */
export function movePhoto<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

function PhotoTile({
  item,
  index,
  count,
  idPrefix,
  onMove,
  onRemove,
  drag,
}: {
  item: PhotoItem;
  index: number;
  count: number;
  idPrefix: string;
  onMove: (to: number) => void;
  onRemove: () => void;
  drag: {
    over: boolean;
    onDragStart: () => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: () => void;
    onDragEnd: () => void;
  };
}) {
  const { t } = useTranslation('starters');
  const preview = usePreviewUrl(item.kind === 'new' ? item.file : null);
  const src = item.kind === 'kept' ? item.src : preview;
  // A file the browser cannot show (no broken-image icon): no preview at all.
  const [failed, setFailed] = useState<string | null>(null);
  const n = index + 1;
  return (
    <li
      draggable
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
      className={cn(
        'grid gap-1.5 rounded-xl border border-border bg-surface p-1.5',
        drag.over && 'ring-2 ring-accent',
      )}
    >
      <div className="relative aspect-[4/3] w-full cursor-grab overflow-hidden rounded-lg bg-surface-muted">
        {src && failed !== src && (
          <img
            src={src}
            alt={index === 0 ? t('photos.coverAlt') : t('photos.photoAlt', { n, count })}
            className="size-full object-cover"
            draggable={false}
            onError={() => setFailed(src)}
          />
        )}
        {index === 0 && (
          <span className="absolute top-1.5 start-1.5 rounded-full bg-surface px-2 py-0.5 text-xs font-semibold">
            {t('photos.cover')}
          </span>
        )}
      </div>
      <div className="flex justify-between">
        <Button
          variant="ghost"
          size="icon"
          id={`${idPrefix}-${index}-earlier`}
          aria-label={t('photos.moveEarlier', { n })}
          className="size-11"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('photos.remove', { n })}
          className="size-11"
          onClick={onRemove}
        >
          <X className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          id={`${idPrefix}-${index}-later`}
          aria-label={t('photos.moveLater', { n })}
          className="size-11"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/**
 * The form's photos: up to four, picked, checked, previewed, removable and put in order by
 * dragging or with the Move buttons (a keyboard and a phone need them); the first is the
 * cover. The form holds the list and its error (the server may name one too).
 */
export function StarterPhotoField({
  id,
  photos,
  error,
  onChange,
}: {
  id: string;
  photos: PhotoItem[];
  error: string | undefined;
  onChange: (photos: PhotoItem[], error: string | undefined) => void;
}) {
  const { t } = useTranslation('starters');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const room = STARTER_PHOTOS_MAX - photos.length;
  const picker = useRef<HTMLInputElement>(null);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    let problem: string | undefined;
    const accepted: File[] = [];
    for (const file of files) {
      const refused = checkPhoto(file);
      if (refused) problem ??= refused;
      else accepted.push(file);
    }
    if (accepted.length > room) problem ??= TOO_MANY_PHOTOS;
    onChange([...photos, ...accepted.slice(0, Math.max(room, 0)).map(newPhotoItem)], problem);
  };

  const move = (from: number, to: number, focus?: 'earlier' | 'later') => {
    if (to < 0 || to >= photos.length || from === to) return;
    onChange(movePhoto(photos, from, to), error);
    setAnnouncement(to === 0 ? t('photos.movedToCover') : t('photos.moved', { position: to + 1 }));
    if (!focus) return;
    // Focus follows the photo; at either end its other Move button is the one still enabled.
    requestAnimationFrame(() => {
      const atEdge = focus === 'earlier' ? to === 0 : to === photos.length - 1;
      const side = atEdge ? (focus === 'earlier' ? 'later' : 'earlier') : focus;
      document.getElementById(`${id}-tile-${to}-${side}`)?.focus();
    });
  };

  const remove = (index: number) => {
    onChange(
      photos.filter((_, i) => i !== index),
      undefined,
    );
    setAnnouncement(t('photos.removed', { n: index + 1 }));
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };

  return (
    <Field
      id={id}
      label={t('photos.label')}
      hint={t('photos.hint', { max: STARTER_PHOTOS_MAX })}
      error={error}
    >
      {photos.length > 0 && (
        <ol aria-label={t('photos.listLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {photos.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              count={photos.length}
              idPrefix={`${id}-tile`}
              onMove={(to) => move(index, to, to < index ? 'earlier' : 'later')}
              onRemove={() => remove(index)}
              drag={{
                over: over === index && dragging !== index,
                onDragStart: () => setDragging(index),
                onDragOver: (e) => {
                  e.preventDefault();
                  setOver(index);
                },
                onDrop: () => {
                  if (dragging !== null) move(dragging, index);
                  setDragging(null);
                  setOver(null);
                },
                onDragEnd: () => {
                  setDragging(null);
                  setOver(null);
                },
              }}
            />
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {room > 0 && (
        // The browser's own file button speaks the browser's language and says "No file
        // chosen" beside the photos just chosen: it stays for keyboards and screen readers,
        // and a button in the page's language stands in for it on screen.
        <div className="relative flex min-h-11 items-center">
          <input
            {...fieldAria(id, error, true)}
            ref={picker}
            type="file"
            accept="image/*"
            multiple
            onChange={onPick}
            className="peer sr-only"
          />
          <button
            type="button"
            aria-hidden
            tabIndex={-1}
            onClick={() => picker.current?.click()}
            className="tap inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-accent-soft px-4 py-2 text-sm font-medium text-accent-hover peer-focus-visible:outline-3 peer-focus-visible:outline-focus dark:text-accent"
          >
            <ImagePlus className="size-5 shrink-0" aria-hidden />
            {photos.length === 0 ? t('photos.choose') : t('photos.addAnother')}
          </button>
        </div>
      )}
    </Field>
  );
}

/** The upload's progress while a photo is on its way. */
export function UploadProgress({ id, fraction }: { id: string; fraction: number }) {
  const { t } = useTranslation('starters');
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm text-muted">
        {t('photos.uploading', { percent })}
      </label>
      <progress
        id={id}
        max={100}
        value={percent}
        className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-accent"
      />
    </div>
  );
}
