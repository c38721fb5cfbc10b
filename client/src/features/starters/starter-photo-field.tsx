import { useEffect, useState, type ChangeEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { NOT_AN_IMAGE, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '../../../../common/constants';
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

/**
 * The /post form's photo: picked, checked, previewed and removable. The form holds the file and
 * its error (the server may name one too).
 */
export function StarterPhotoField({
  id,
  photo,
  error,
  onChange,
}: {
  id: string;
  photo: File | null;
  error: string | undefined;
  onChange: (photo: File | null, error: string | undefined) => void;
}) {
  const preview = usePreviewUrl(photo);
  const [previewFailed, setPreviewFailed] = useState<string | null>(null);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      e.target.value = '';
      onChange(null, problem);
      return;
    }
    onChange(file, undefined);
  };

  const clear = () => {
    onChange(null, undefined);
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (input) input.value = '';
  };

  return (
    <Field
      id={id}
      label="Photo"
      hint="Upload a photo of your starter (max 5MB, images only)"
      error={error}
    >
      {/* A file the browser cannot show (no broken-image icon): no preview at all. */}
      {preview && previewFailed !== preview && (
        <div className="relative aspect-[4/3] w-full max-w-sm overflow-hidden rounded-xl border border-border bg-surface-muted">
          <img
            src={preview}
            alt="Your starter, as it will be shown"
            className="size-full object-cover"
            onError={() => setPreviewFailed(preview)}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Remove photo"
            className="absolute top-2 right-2 size-9"
            onClick={clear}
          >
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      )}
      <div className="flex items-center gap-3">
        <ImagePlus className="size-5 shrink-0 text-muted" aria-hidden />
        <input
          {...fieldAria(id, error, true)}
          type="file"
          accept="image/*"
          onChange={onPick}
          className="block w-full text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-accent-soft file:px-4 file:py-2 file:text-sm file:font-medium file:text-accent-hover dark:file:text-accent"
        />
      </div>
    </Field>
  );
}

/** The upload's progress while a photo is on its way. */
export function UploadProgress({ id, fraction }: { id: string; fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm text-muted">
        Uploading photo… {percent}%
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
