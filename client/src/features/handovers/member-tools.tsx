import { CalendarClock, Gift, PackageCheck } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { HealthCheckLine } from './health-check';
import { useConfirmHandover, useReleaseReservation } from './handovers-api';
import { whenText } from './when-text';
import { toastFailure } from '../../components/ui/toast';
import { Confirm } from './handover-dialogs';
import { Status, type Standing } from './thread-standing';

/** The asking member's side: back out, confirm, or say it didn't happen. */
export function MemberTools({ state }: { state: Standing }) {
  const release = useReleaseReservation();
  const confirm = useConfirmHandover();
  const { reservation, handover } = state;
  if (handover) {
    if (handover.status !== 'given') {
      return (
        <div className="grid gap-1">
          <Status icon={<PackageCheck className="size-4 text-sage" aria-hidden />}>
            {handover.status === 'received' ? 'You received it' : 'You said it didn’t happen'}
          </Status>
          <HealthCheckLine check={handover.healthCheck} />
        </div>
      );
    }
    return (
      <div className="flex flex-wrap items-center gap-2">
        <HealthCheckLine check={handover.healthCheck} className="basis-full" />
        <Status icon={<Gift className="size-4 text-sage" aria-hidden />}>
          Marked as given to you
        </Status>
        <Button
          size="sm"
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(
              { id: handover.id, received: true },
              { onError: toastFailure('Failed to confirm') },
            )
          }
        >
          Received
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(
              { id: handover.id, received: false },
              { onError: toastFailure('Failed to confirm') },
            )
          }
        >
          It didn’t happen
        </Button>
      </div>
    );
  }
  if (!reservation) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Status icon={<CalendarClock className="size-4 text-accent" aria-hidden />}>
        Reserved for you{reservation.at ? ` — ${whenText(reservation.at)}` : ''}
      </Status>
      <Confirm
        trigger={
          <Button size="sm" variant="outline">
            Back out
          </Button>
        }
        title="Back out of this reservation?"
        description="The portion goes back to the giver for someone else. Backing out shows on your summary for 90 days."
        action="Back out"
        busy={release.isPending}
        onConfirm={(close) =>
          release.mutate(
            { id: reservation.id },
            { onSuccess: close, onError: toastFailure('Failed to back out') },
          )
        }
      />
    </div>
  );
}
