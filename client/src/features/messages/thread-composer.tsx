import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal } from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '../../../../common/site/constants';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/form-controls';
import { AddPhotosButton, ChosenPhotos } from './message-photos';
import { useThreadComposer } from './use-thread-composer';

/** The bottom of the thread: the photos chosen so far, then one line to write and Send. */
export function ThreadComposer({
  meId,
  starterId,
  receiverId,
  otherName,
  askWithPhoto,
}: {
  meId: string;
  starterId: number;
  receiverId: string | null;
  otherName: string;
  /** Opened to ask about the culture with a photo: the photo button has focus. */
  askWithPhoto: boolean;
}) {
  const { t } = useTranslation('conversations');
  const { form, photos, setPhotos, submit, sending, maySend } = useThreadComposer({
    meId,
    starterId,
    receiverId,
  });
  const inputId = useId();
  const addPhotosRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (askWithPhoto) addPhotosRef.current?.focus();
  }, [askWithPhoto]);

  return (
    <>
      {askWithPhoto && photos.length === 0 && (
        <p className="border-t border-border px-3 pt-2 text-sm text-muted">
          {t('thread.askWithPhoto', { name: otherName })}
        </p>
      )}
      <ChosenPhotos photos={photos} onChange={setPhotos} />
      <form onSubmit={submit} className="flex items-center gap-2 border-t border-border p-3">
        <AddPhotosButton
          ref={addPhotosRef}
          photos={photos}
          onChange={setPhotos}
          disabled={!receiverId || sending}
        />
        <label htmlFor={inputId} className="sr-only">
          {t('thread.message')}
        </label>
        <Input
          id={inputId}
          {...form.register('content')}
          placeholder={t('thread.placeholder')}
          maxLength={MESSAGE_MAX_LENGTH}
          autoComplete="off"
          className="flex-1"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 shrink-0"
          aria-label={t('thread.send')}
          disabled={!maySend}
        >
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </form>
    </>
  );
}
