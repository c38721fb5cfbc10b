import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FeedbackDialog } from './feedback-dialog';
import { FeedbackWithdrawLine } from './feedback-withdraw-line';
import { useStanding } from './thread-standing';
import { OwnerTools } from './owner-tools';
import { MemberTools } from './member-tools';

/**
 * The hand-over bar of a conversation about one starter: what is reserved or given between its
 * owner and this member, the next step for whoever is looking, feedback once confirmed (or why
 * it is not offered yet; withdrawing a 👎 while it waits to count), and blocking.
 */
export function ThreadHandoverPanel({
  starterId,
  otherId,
  otherName,
  aside,
  printLabels,
}: {
  meId: string;
  starterId: number;
  /** The other member of the conversation (the owner or the one who asked). */
  otherId: string | null;
  otherName: string;
  /** At the bar's far end: Block / Unblock, composed in by the page (another feature). */
  aside?: ReactNode;
  /** Beside a reservation of the owner's listing: print its jar label (another feature). */
  printLabels?: (starterId: number) => ReactNode;
}) {
  const { t } = useTranslation('conversations');
  const state = useStanding(starterId, otherId);
  if (!state || !otherId) return null;
  const { handover } = state;
  const canRate = !!handover?.canLeaveFeedback && !handover.myFeedback;
  // Confirmed, nothing left yet, and still not offered: the two have not both written here.
  const rateAfterWriting =
    handover?.status === 'received' && !handover.canLeaveFeedback && !handover.myFeedback;
  return (
    <section
      aria-label={t('panel.label')}
      className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-surface-muted/60 px-3 py-2 sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        {state.isOwner ? (
          <OwnerTools state={state} otherName={otherName} printLabels={printLabels} />
        ) : (
          <MemberTools state={state} />
        )}
        {canRate && (
          <FeedbackDialog
            handoverId={handover.id}
            otherName={otherName}
            trigger={
              <Button size="sm" variant="secondary">
                {t('panel.howDidItGo')}
              </Button>
            }
          />
        )}
        {rateAfterWriting && (
          <p className="text-sm text-muted">{t('panel.feedbackAfterBothWrote')}</p>
        )}
      </div>
      {aside}
      {handover?.myFeedbackWithdrawableUntil && (
        <FeedbackWithdrawLine
          handoverId={handover.id}
          until={handover.myFeedbackWithdrawableUntil}
        />
      )}
    </section>
  );
}
