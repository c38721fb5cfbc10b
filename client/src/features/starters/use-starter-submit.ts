import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  STARTER_FORM_FIELDS,
  type CreateStarter,
  type Starter,
  type StarterFormField,
} from '../../../../common/listings/starters';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage, isNetworkError } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import {
  starterEditFormData,
  starterFormData,
  type PostStarterFormApi,
} from './post-starter-values';
import type { PhotoItem } from './starter-photo-field';
import { useCreateStarter, useEditStarter } from './starters-api';
import { clearPostDraft } from './use-starter-form-values';

/**
 * Sends the starter form: a new listing (its photos uploaded with progress), or the edit of
 * `edited`; on success the member lands on the listing, on failure the server's messages go on
 * the fields (opening the folded part that holds one) or the photos, the rest in a toast.
 */
export function useStarterSubmit({
  form,
  edited,
  photos,
  photosChanged,
  folded,
  onFoldedError,
  onPhotoError,
  draftOf,
}: {
  form: PostStarterFormApi;
  edited?: Starter;
  photos: PhotoItem[];
  photosChanged: boolean;
  folded?: ReadonlySet<string>;
  onFoldedError: () => void;
  onPhotoError: (message: string) => void;
  /** The member whose draft of /post is forgotten once posted. */
  draftOf?: string;
}) {
  const { t } = useTranslation('starters');
  const say = useMessageText();
  const navigate = useNavigate();
  const createStarter = useCreateStarter();
  const editStarter = useEditStarter();
  const [progress, setProgress] = useState<number | null>(null);
  // Set once posted, read when the page is left: a box rather than state, nothing re-renders.
  const [posted] = useState(() => ({ current: false }));

  const onError = (err: Error, failed: string) => {
    setProgress(null);
    if (err instanceof ApiError && err.fields) {
      for (const [name, message] of Object.entries(err.fields)) {
        if (name === 'image' || name === 'photoOrder') onPhotoError(message);
        // The server's field errors land on the form's fields; the others are said in the toast.
        else if ((STARTER_FORM_FIELDS as readonly string[]).includes(name)) {
          if (folded?.has(name)) onFoldedError();
          form.setError(name as StarterFormField, { message });
        }
      }
    }
    toastError(
      say(isNetworkError(err) ? 'Network error. Please try again.' : errorMessage(err, failed)),
      say('Error'),
    );
  };

  const landOn = (starter: Starter, description: string) => {
    toast({ title: t('toast.success'), description });
    // The listing itself, with its Share button: where a giver tells others of it.
    void navigate(paths.starter.href(starter.id));
  };

  const onSubmit = (values: CreateStarter) => {
    const uploads = photos.flatMap((p) => (p.kind === 'new' ? [p.file] : []));
    setProgress(uploads.length ? 0 : null);
    const onProgress = (fraction: number) => setProgress(fraction);
    if (edited) {
      editStarter.mutate(
        { id: edited.id, form: starterEditFormData(values, photos, { photosChanged }), onProgress },
        {
          onSuccess: (starter) => {
            posted.current = true;
            landOn(starter, t('toast.updated'));
          },
          onError: (err) => onError(err, t('toast.updateFailed')),
        },
      );
      return;
    }
    createStarter.mutate(
      { form: starterFormData(values, uploads), onProgress },
      {
        onSuccess: (starter) => {
          posted.current = true;
          if (draftOf) clearPostDraft(draftOf);
          landOn(starter, t('toast.posted'));
        },
        onError: (err) => onError(err, t('toast.createFailed')),
      },
    );
  };

  return {
    onSubmit,
    progress,
    posted,
    busy: createStarter.isPending || editStarter.isPending,
  };
}
