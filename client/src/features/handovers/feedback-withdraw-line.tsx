import { useTranslation } from 'react-i18next';
import { MutationButton } from '../../components/ui/mutation-button';
import { toastOutcome } from '../../components/ui/toast';
import { memberLocale } from '../../lib/i18n';
import { useWithdrawFeedback } from './handovers-api';

/**
 * Under the hand-over bar, for the member who left a 👎 that has not counted yet: when it will
 * count, and Withdraw until then (decision 168). Once withdrawn the hand-over asks "How did it
 * go?" again.
 */
export function FeedbackWithdrawLine({ handoverId, until }: { handoverId: number; until: string }) {
  const { t } = useTranslation('conversations');
  const withdraw = useWithdrawFeedback();
  const when = new Date(until).toLocaleString(memberLocale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <p className="flex w-full flex-wrap items-center gap-2 text-sm text-muted">
      {t('panel.withdrawLine', { when })}
      <MutationButton
        size="sm"
        variant="outline"
        mutation={withdraw}
        variables={handoverId}
        outcome={toastOutcome({ title: t('panel.withdrawn') }, t('panel.withdrawFailed'))}
      >
        {t('panel.withdraw')}
      </MutationButton>
    </p>
  );
}
