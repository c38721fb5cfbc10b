import { useState } from 'react';
import { CalendarClock, Gift } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { HealthCheckFields, HealthCheckLine, type HealthCheckInput } from './health-check';
import { useMarkGiven } from './handovers-api';
import { whenText } from './when-text';
import { toastFailure } from '../../components/ui/toast';
import { FormDialog, ReserveForm, ReleaseForm, Confirm } from './handover-dialogs';
import { Status, type Standing } from './thread-standing';

/** The owner's tools for this member: reserve, release, mark given. */
export function OwnerTools({ state, otherName }: { state: Standing; otherName: string }) {
  const give = useMarkGiven();
  const [healthCheck, setHealthCheck] = useState<HealthCheckInput>({});
  const { reservation, handover } = state;
  if (handover) {
    return (
      <div className="grid gap-1">
        <Status icon={<Gift className="size-4 text-sage" aria-hidden />}>
          {handover.status === 'given'
            ? `Given to ${otherName} — waiting for them to confirm`
            : handover.status === 'received'
              ? `${otherName} received it`
              : `${otherName} says it didn’t happen`}
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
            Reserved for {otherName}
            {reservation.at ? ` — ${whenText(reservation.at)}` : ''}
          </Status>
          <FormDialog
            trigger={
              <Button size="sm" variant="outline">
                Release
              </Button>
            }
            title="Release this reservation?"
            description="The portion becomes available again."
          >
            {(close) => <ReleaseForm reservationId={reservation.id} onDone={close} />}
          </FormDialog>
        </>
      ) : state.portionsLeft === 0 ? (
        <Status icon={<CalendarClock className="size-4 text-muted" aria-hidden />}>
          No portions left to reserve
        </Status>
      ) : (
        <FormDialog
          trigger={
            <Button size="sm" variant="outline">
              <CalendarClock className="size-4" aria-hidden />
              Reserve a portion
            </Button>
          }
          title={`Reserve a portion for ${otherName}`}
          description="Add a pickup or posting day and time if you have agreed one."
        >
          {(close) => (
            <ReserveForm starterId={state.starterId} memberId={state.memberId} onDone={close} />
          )}
        </FormDialog>
      )}
      {canGive && (
        <Confirm
          trigger={
            <Button size="sm">
              <Gift className="size-4" aria-hidden />
              Mark given
            </Button>
          }
          title={`Mark a portion given to ${otherName}?`}
          description="They will be asked to confirm they received it."
          action="Mark given"
          busy={give.isPending}
          onConfirm={(close) =>
            give.mutate(
              { starterId: state.starterId, memberId: state.memberId, healthCheck },
              { onSuccess: close, onError: toastFailure('Failed to mark given') },
            )
          }
        >
          <HealthCheckFields value={healthCheck} onChange={setHealthCheck} />
        </Confirm>
      )}
    </div>
  );
}
