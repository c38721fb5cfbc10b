import { useId, useState, type ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { CalendarClock, Gift, PackageCheck } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { FeedbackDialog } from './feedback-dialog';
import { HealthCheckFields, HealthCheckLine, type HealthCheckInput } from './health-check';
import { releaseFormSchema, reserveAt, reserveFormSchema } from './handover-forms';
import type { Handover, Reservation } from '../../../../common/handovers';
import {
  useConfirmHandover,
  useMarkGiven,
  useMyHandovers,
  useReleaseReservation,
  useReserve,
  useStarterActivity,
} from './handovers-api';
import { whenText } from './when-text';

const failed = (fallback: string) => (err: unknown) => toastError(errorMessage(err, fallback));

/** A dialog opened by its own trigger, so focus goes back to it when the dialog closes. */
function FormDialog({
  trigger,
  title,
  description,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      {open && (
        <DialogContent title={title} description={description}>
          {children(() => setOpen(false))}
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReserveForm({
  starterId,
  memberId,
  onDone,
}: {
  starterId: number;
  memberId: string;
  onDone: () => void;
}) {
  const id = useId();
  const reserve = useReserve();
  const form = useZodForm(reserveFormSchema, { defaultValues: { date: '', time: '' } });
  const submit = form.handleSubmit((values) =>
    reserve.mutate(
      { starterId, memberId, at: reserveAt(values) },
      {
        onSuccess: () => {
          toast({ title: 'Reserved', description: 'They can see it in the conversation now.' });
          onDone();
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['date']);
          failed('Failed to reserve')(err);
        },
      },
    ),
  );
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="date" id={`${id}-date`} label="Day (optional)" type="date" />
        <TextField form={form} name="time" id={`${id}-time`} label="Time (optional)" type="time" />
      </div>
      <DialogActions>
        <Button type="submit" disabled={reserve.isPending}>
          {reserve.isPending ? 'Reserving...' : 'Reserve'}
        </Button>
      </DialogActions>
    </form>
  );
}

function ReleaseForm({ reservationId, onDone }: { reservationId: number; onDone: () => void }) {
  const id = useId();
  const release = useReleaseReservation();
  const form = useZodForm(releaseFormSchema, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    release.mutate(
      { id: reservationId, reason },
      {
        onSuccess: () => {
          toast({ title: 'Released', description: 'The portion is available again.' });
          onDone();
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['reason']);
          failed('Failed to release the reservation')(err);
        },
      },
    ),
  );
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <TextField
        form={form}
        name="reason"
        id={`${id}-reason`}
        label="Reason"
        hint="They will see it in the conversation, e.g. “We could not find a time”."
      />
      <DialogActions>
        <Button type="submit" variant="destructive" disabled={release.isPending}>
          Release
        </Button>
      </DialogActions>
    </form>
  );
}

/** A yes/no question in an alert dialog (back out, mark given). */
function Confirm({
  trigger,
  title,
  description,
  action,
  busy,
  onConfirm,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  action: string;
  busy: boolean;
  onConfirm: (close: () => void) => void;
  /** More to answer before confirming (the giver's health check). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {description}
          </AlertDialog.Description>
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button disabled={busy} onClick={() => onConfirm(() => setOpen(false))}>
              {action}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function Status({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** The owner's tools for this member: reserve, release, mark given. */
interface Standing {
  starterId: number;
  memberId: string;
  reservation: Reservation | null;
  handover: Handover | null;
  /** Portions that can still be reserved or given (the owner's side only). */
  portionsLeft: number;
}

function OwnerTools({ state, otherName }: { state: Standing; otherName: string }) {
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
              { onSuccess: close, onError: failed('Failed to mark given') },
            )
          }
        >
          <HealthCheckFields value={healthCheck} onChange={setHealthCheck} />
        </Confirm>
      )}
    </div>
  );
}

/** The asking member's side: back out, confirm, or say it didn't happen. */
function MemberTools({ state }: { state: Standing }) {
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
              { onError: failed('Failed to confirm') },
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
              { onError: failed('Failed to confirm') },
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
            { onSuccess: close, onError: failed('Failed to back out') },
          )
        }
      />
    </div>
  );
}

/**
 * The hand-over bar of a conversation about one starter: what is reserved or given between its
 * owner and this member, the next step for whoever is looking, feedback once confirmed, and
 * blocking.
 */
export function ThreadHandoverPanel({
  starterId,
  otherId,
  otherName,
  aside,
}: {
  meId: string;
  starterId: number;
  /** The other member of the conversation (the owner or the one who asked). */
  otherId: string | null;
  otherName: string;
  /** At the bar's far end: Block / Unblock, composed in by the page (another feature). */
  aside?: ReactNode;
}) {
  const state = useStanding(starterId, otherId);
  if (!state || !otherId) return null;
  const { handover } = state;
  const canRate = !!handover?.canLeaveFeedback && !handover.myFeedback;
  return (
    <section
      aria-label="Hand-over"
      className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-surface-muted/60 px-3 py-2 sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        {state.isOwner ? (
          <OwnerTools state={state} otherName={otherName} />
        ) : (
          <MemberTools state={state} />
        )}
        {canRate && (
          <FeedbackDialog
            handoverId={handover.id}
            otherName={otherName}
            trigger={
              <Button size="sm" variant="secondary">
                How did it go?
              </Button>
            }
          />
        )}
      </div>
      {aside}
    </section>
  );
}

/**
 * Where this conversation stands: from the owner's activity when the starter is mine (the
 * asker's reservation and hand-over), else from my own hand-overs.
 */
function useStanding(
  starterId: number,
  otherId: string | null,
): (Standing & { isOwner: boolean }) | null {
  const activity = useStarterActivity(!!otherId);
  const mine = useMyHandovers(!!otherId);
  if (!otherId || !activity.data || !mine.data) return null;
  const listing = activity.data.find((a) => a.starterId === starterId);
  if (listing) {
    const asker = listing.askers.find((a) => a.user.id === otherId);
    const reservation = asker?.reservation?.status === 'active' ? asker.reservation : null;
    return {
      isOwner: true,
      starterId,
      memberId: otherId,
      reservation,
      handover: asker?.handover ?? null,
      portionsLeft: listing.status === 'claimed' ? 0 : listing.portionsLeft,
    };
  }
  const reservation =
    mine.data.reservedForMe.find((r) => r.starter.id === starterId && r.status === 'active') ??
    null;
  const handover = mine.data.received.findLast((h) => h.starter.id === starterId) ?? null;
  return { isOwner: false, starterId, memberId: otherId, reservation, handover, portionsLeft: 0 };
}
