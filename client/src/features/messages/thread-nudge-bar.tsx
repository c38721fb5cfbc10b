import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useNudge } from './messages-api';

/** Above the composer while the other side owes a reply: a button to remind them once. */
export function ThreadNudgeBar({
  starterId,
  receiverId,
  otherName,
}: {
  starterId: number;
  receiverId: string;
  otherName: string;
}) {
  const { t } = useTranslation('conversations');
  const nudge = useNudge();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-3 py-1.5 text-sm text-muted">
      <p>{t('thread.waitingForReply', { name: otherName })}</p>
      <Button
        variant="outline"
        size="sm"
        className="min-h-11"
        disabled={nudge.isPending}
        onClick={() =>
          nudge.mutate(
            { starterId, withId: receiverId },
            {
              onSuccess: () =>
                toast({
                  title: t('thread.nudgeSent'),
                  description: t('thread.nudgeSentText', { name: otherName }),
                }),
              onError: (err) => toastError(errorMessage(err, t('thread.nudgeFailed'))),
            },
          )
        }
      >
        <BellRing className="size-4" aria-hidden />
        {t('thread.nudge')}
      </Button>
    </div>
  );
}
