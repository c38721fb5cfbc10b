import { CalendarClock, Gift, PackageCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { HealthCheckLine } from './health-check';
import { useConfirmHandover, useReleaseReservation } from './handovers-api';
import { whenText } from './when-text';
import { toastFailure } from '../../components/ui/toast';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Status, type Standing } from './thread-standing';

/** The asking member's side: back out, confirm, or say it didn't happen. */
export function MemberTools({ state }: { state: Standing }) {
  const { t } = useTranslation('conversations');
  const release = useReleaseReservation();
  const confirm = useConfirmHandover();
  const { reservation, handover } = state;
  if (handover) {
    if (handover.status !== 'given') {
      return (
        <div className="grid gap-1">
          <Status icon={<PackageCheck className="size-4 text-sage" aria-hidden />}>
            {handover.status === 'received' ? t('member.received') : t('member.saidNot')}
          </Status>
          <HealthCheckLine check={handover.healthCheck} />
        </div>
      );
    }
    const answer = (received: boolean) =>
      confirm.mutate(
        { id: handover.id, received },
        { onError: toastFailure(t('member.confirmFailed')) },
      );
    return (
      <div className="flex flex-wrap items-center gap-2">
        <HealthCheckLine check={handover.healthCheck} className="basis-full" />
        <Status icon={<Gift className="size-4 text-sage" aria-hidden />}>
          {t('member.markedToYou')}
        </Status>
        <Button size="sm" disabled={confirm.isPending} onClick={() => answer(true)}>
          {t('member.receivedButton')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={confirm.isPending}
          onClick={() => answer(false)}
        >
          {t('member.didntHappen')}
        </Button>
      </div>
    );
  }
  if (!reservation) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Status icon={<CalendarClock className="size-4 text-accent" aria-hidden />}>
        {reservation.at
          ? t('member.reservedForYouAt', { when: whenText(reservation.at) })
          : t('member.reservedForYou')}
      </Status>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline">
            {t('member.backOut')}
          </Button>
        }
        title={t('member.backOutTitle')}
        description={t('member.backOutText')}
        cancel={t('cancel')}
        action={t('member.backOut')}
        busy={release.isPending}
        onConfirm={(close) =>
          release.mutate(
            { id: reservation.id },
            { onSuccess: close, onError: toastFailure(t('member.backOutFailed')) },
          )
        }
      />
    </div>
  );
}
