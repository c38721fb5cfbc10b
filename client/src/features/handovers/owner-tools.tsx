import { useState, type ReactNode } from 'react';
import { CalendarClock, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { HealthCheckFields, HealthCheckLine, type HealthCheckInput } from './health-check';
import { useMarkGiven } from './handovers-api';
import { whenText } from './when-text';
import { toastFailure } from '../../components/ui/toast';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { FormDialog, ReserveForm, ReleaseForm } from './handover-dialogs';
import { Status, type Standing } from './thread-standing';

/**
 * The owner's tools for this member: reserve, release, mark given; beside a reservation,
 * `printLabels` (composed in by the page: another feature's dialog).
 */
export function OwnerTools({
  state,
  otherName,
  printLabels,
}: {
  state: Standing;
  otherName: string;
  printLabels?: (starterId: number) => ReactNode;
}) {
  const { t } = useTranslation('conversations');
  const give = useMarkGiven();
  const [healthCheck, setHealthCheck] = useState<HealthCheckInput>({});
  const { reservation, handover } = state;
  if (handover) {
    return (
      <div className="grid gap-1">
        <Status icon={<Gift className="size-4 text-sage" aria-hidden />}>
          {handover.status === 'given'
            ? t('owner.givenWaiting', { name: otherName })
            : handover.status === 'received'
              ? t('owner.received', { name: otherName })
              : t('owner.saysNot', { name: otherName })}
        </Status>
        <HealthCheckLine check={handover.healthCheck} by="you" />
      </div>
    );
  }
  const canGive = !!reservation || state.portionsLeft > 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {reservation ? (
        <>
          <Status icon={<CalendarClock className="size-4 text-accent" aria-hidden />}>
            {reservation.at
              ? t('owner.reservedForAt', { name: otherName, when: whenText(reservation.at) })
              : t('owner.reservedFor', { name: otherName })}
          </Status>
          <FormDialog
            trigger={
              <Button size="sm" variant="outline">
                {t('owner.release')}
              </Button>
            }
            title={t('owner.releaseTitle')}
            description={t('owner.releaseText')}
          >
            {(close) => <ReleaseForm reservationId={reservation.id} onDone={close} />}
          </FormDialog>
          {printLabels?.(state.starterId)}
        </>
      ) : state.portionsLeft === 0 ? (
        <Status icon={<CalendarClock className="size-4 text-muted" aria-hidden />}>
          {t('owner.noneLeft')}
        </Status>
      ) : (
        <FormDialog
          trigger={
            <Button size="sm" variant="outline">
              <CalendarClock className="size-4" aria-hidden />
              {t('owner.reserve')}
            </Button>
          }
          title={t('owner.reserveTitle', { name: otherName })}
          description={t('owner.reserveText')}
        >
          {(close) => (
            <ReserveForm starterId={state.starterId} memberId={state.memberId} onDone={close} />
          )}
        </FormDialog>
      )}
      {canGive && (
        <ConfirmDialog
          trigger={
            <Button size="sm">
              <Gift className="size-4" aria-hidden />
              {t('owner.markGiven')}
            </Button>
          }
          title={t('owner.markTitle', { name: otherName })}
          description={t('owner.markText')}
          cancel={t('cancel')}
          action={t('owner.markGiven')}
          busy={give.isPending}
          onConfirm={(close) =>
            give.mutate(
              { starterId: state.starterId, memberId: state.memberId, healthCheck },
              { onSuccess: close, onError: toastFailure(t('owner.markFailed')) },
            )
          }
        >
          <HealthCheckFields value={healthCheck} onChange={setHealthCheck} />
        </ConfirmDialog>
      )}
    </div>
  );
}
