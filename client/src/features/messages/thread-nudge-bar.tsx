import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import { MutationButton } from '../../components/ui/mutation-button';
import { toastOutcome } from '../../components/ui/toast';
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
      <MutationButton
        variant="outline"
        size="sm"
        className="min-h-11"
        mutation={nudge}
        variables={{ starterId, withId: receiverId }}
        outcome={toastOutcome(
          {
            title: t('thread.nudgeSent'),
            description: t('thread.nudgeSentText', { name: otherName }),
          },
          t('thread.nudgeFailed'),
        )}
      >
        <BellRing className="size-4" aria-hidden />
        {t('thread.nudge')}
      </MutationButton>
    </div>
  );
}
