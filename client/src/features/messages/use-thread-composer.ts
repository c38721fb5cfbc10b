import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageFormSchema } from '../../../../common/conversations/messages';
import { toastError } from '../../components/ui/toast';
import { errorMessage, isNetworkError } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';
import { addToOutbox, newOutboxKey } from './message-outbox';
import { useSendMessage } from './messages-api';

/**
 * The thread's composer: its words and chosen photos, and sending them — or, without a
 * connection, keeping the words in the outbox until it returns.
 */
export function useThreadComposer({
  meId,
  starterId,
  receiverId,
}: {
  meId: string;
  starterId: number;
  receiverId: string | null;
}) {
  const { t } = useTranslation('conversations');
  const send = useSendMessage();
  const form = useZodForm(messageFormSchema, { defaultValues: { content: '' } });
  const text = useWatch({ control: form.control, name: 'content' }) ?? '';
  const [photos, setPhotos] = useState<File[]>([]);

  // Blank text only keeps Send disabled: no error line under a one-line composer.
  const sendNow = (content: string) => {
    if (!receiverId || send.isPending) return;
    // Written without a connection (or the connection dropped on the way): it waits on this
    // device and goes out with the same key when the connection returns, so it is stored once.
    const waiting = {
      key: newOutboxKey(),
      senderId: meId,
      starterId,
      receiverId,
      content,
      createdAt: new Date().toISOString(),
    };
    if (!navigator.onLine && photos.length === 0) {
      addToOutbox(waiting);
      form.reset({ content: '' });
      return;
    }
    send.mutate(
      { starterId, receiverId, content, photos, key: waiting.key },
      {
        onSuccess: () => {
          form.reset({ content: '' });
          setPhotos([]);
        },
        onError: (err) => {
          // Photos are not kept on the device: only words wait in the outbox.
          if (isNetworkError(err) && photos.length === 0) {
            addToOutbox(waiting);
            form.reset({ content: '' });
          } else toastError(errorMessage(err, t('thread.sendFailed')));
        },
      },
    );
  };
  // Photos may go without words; words alone are checked by the form as before.
  const submit =
    photos.length > 0
      ? (event: FormEvent) => {
          event.preventDefault();
          sendNow(form.getValues('content').trim());
        }
      : form.handleSubmit(({ content }) => sendNow(content));

  return {
    form,
    photos,
    setPhotos,
    submit,
    sending: send.isPending,
    /** Send is offered once there are words or photos and someone to send them to. */
    maySend: (!!text.trim() || photos.length > 0) && !!receiverId && !send.isPending,
  };
}
