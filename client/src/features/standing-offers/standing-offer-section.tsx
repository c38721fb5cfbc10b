import { useId, useState } from 'react';
import { Link } from 'react-router';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Repeat } from 'lucide-react';
import { ownerName } from '../../../../common/display';
import {
  STANDING_OFFER_DEFAULTS,
  ordinal,
  standingOfferSettingsSchema,
  type GivenOffer,
  type StandingMode,
  type StandingOfferView,
} from '../../../../common/standing-offers';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { RadioCardsField, TextField } from '../../components/ui/form-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { signInHref } from '../../lib/sign-in-return';
import { paths } from '../../lib/paths';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  useAnswerOffer,
  useEndStandingOffer,
  useJoinWaitlist,
  useLeaveWaitlist,
  useOfferRoundNow,
  usePauseStandingOffer,
  useSaveStandingOffer,
  useStandingOffer,
} from './standing-offers-api';

const failed = (fallback: string) => (err: unknown) => toastError(errorMessage(err, fallback));

/** "Saturday 14 March, 18:30" in the reader's own time zone (answer times are real instants). */
export function whenLocal(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Offer = NonNullable<StandingOfferView['offer']>;

/** The offer's terms in one sentence. */
export function offerTerms(offer: Offer): string {
  const every = offer.cadenceDays === 1 ? 'every day' : `every ${offer.cadenceDays} days`;
  const who = offer.mode === 'lottery' ? 'drawn by lottery' : 'longest waiting first';
  const limit =
    offer.limitWeeks > 0 ? ` · one portion per member per ${plural(offer.limitWeeks, 'week')}` : '';
  return `${plural(offer.batchSize, 'portion')} ${every} · ${who} · answer within ${plural(offer.answerHours, 'hour')}${limit}`;
}

const MODE_OPTIONS: { value: StandingMode; label: string; hint: string }[] = [
  {
    value: 'longest_waiting',
    label: 'Longest waiting first',
    hint: 'Each round goes to the people who joined the line earliest.',
  },
  {
    value: 'lottery',
    label: 'Lottery',
    hint: 'Each round is drawn at random from everyone waiting.',
  },
];

function SettingsForm({
  starterId,
  initial,
  onDone,
}: {
  starterId: number;
  initial: Offer | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveStandingOffer(starterId);
  const start = initial ?? STANDING_OFFER_DEFAULTS;
  const form = useZodForm(standingOfferSettingsSchema, {
    defaultValues: {
      batchSize: start.batchSize,
      cadenceDays: start.cadenceDays,
      answerHours: start.answerHours,
      limitWeeks: start.limitWeeks,
      mode: start.mode,
    },
  });
  const submit = form.handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: () => {
        toast({
          title: initial ? 'Standing offer saved' : 'Standing offer set up',
          description: 'Members can join the waitlist now.',
        });
        onDone();
      },
      onError: (err) => {
        showServerFieldErrors(form, err, [
          'batchSize',
          'cadenceDays',
          'answerHours',
          'limitWeeks',
          'mode',
        ]);
        failed('Failed to save the standing offer')(err);
      },
    }),
  );
  return (
    <form className="grid gap-4" noValidate onSubmit={submit} aria-label="Standing offer settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="batchSize"
          id={`${id}-batch`}
          label="Portions per round"
          type="number"
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="cadenceDays"
          id={`${id}-cadence`}
          label="A round every … days"
          type="number"
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="answerHours"
          id={`${id}-answer`}
          label="Hours to answer an offer"
          type="number"
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="limitWeeks"
          id={`${id}-limit`}
          label="One portion per member every … weeks"
          hint="0 for no limit"
          type="number"
          inputMode="numeric"
        />
      </div>
      <RadioCardsField
        form={form}
        name="mode"
        id={`${id}-mode`}
        legend="Who gets each round"
        options={MODE_OPTIONS}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : initial ? 'Save changes' : 'Start the standing offer'}
        </Button>
      </div>
    </form>
  );
}

const STATUS_TEXT: Record<GivenOffer['status'], string> = {
  pending: 'waiting for an answer',
  accepted: 'accepted',
  declined: 'passed',
  expired: 'did not answer in time',
  withdrawn: 'withdrawn',
};

function EndOfferButton({ starterId }: { starterId: number }) {
  const end = useEndStandingOffer(starterId);
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          End standing offer
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">
            End the standing offer?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            The waitlist is cleared and open offers are withdrawn. Reservations already accepted
            stay.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Keep it</Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={end.isPending}
              onClick={() =>
                end.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
                    toast({ title: 'Standing offer ended' });
                  },
                  onError: failed('Failed to end the standing offer'),
                })
              }
            >
              End it
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function GiverPanel({ view }: { view: StandingOfferView }) {
  const starterId = view.starterId;
  const [editing, setEditing] = useState(false);
  const pause = usePauseStandingOffer(starterId);
  const round = useOfferRoundNow(starterId);
  const offer = view.offer;

  if (!offer || editing) {
    return (
      <>
        {!offer && !editing && (
          <>
            <p className="text-sm text-muted">
              A steady surplus? Offer a batch every few days: members join a waitlist instead of
              racing to message, and each round goes to them in turn.
            </p>
            <Button className="justify-self-start" onClick={() => setEditing(true)}>
              Set up a standing offer
            </Button>
          </>
        )}
        {editing && (
          <SettingsForm starterId={starterId} initial={offer} onDone={() => setEditing(false)} />
        )}
      </>
    );
  }

  return (
    <>
      <p className="text-sm">{offerTerms(offer)}</p>
      <p className="text-sm text-muted" role="status">
        {plural(view.queueLength, 'member')} waiting ·{' '}
        {offer.paused ? 'paused' : `next round ${whenLocal(offer.nextRoundAt)}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={offer.paused || round.isPending}
          onClick={() =>
            round.mutate(undefined, {
              onSuccess: () => toast({ title: 'Round offered', description: 'Offers went out.' }),
              onError: failed('Failed to offer a round'),
            })
          }
        >
          Offer a round now
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={pause.isPending}
          onClick={() =>
            pause.mutate(!offer.paused, {
              onSuccess: () => toast({ title: offer.paused ? 'Resumed' : 'Paused' }),
              onError: failed('Failed to change the standing offer'),
            })
          }
        >
          {offer.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <EndOfferButton starterId={starterId} />
      </div>
      <div>
        <h3 className="text-sm font-semibold">Offered</h3>
        {view.offers && view.offers.length > 0 ? (
          <ul className="mt-2 grid gap-1 text-sm">
            {view.offers.map((o) => (
              <li key={o.id} className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">{ownerName(o.member)}</span>
                <span className="text-muted">
                  {STATUS_TEXT[o.status]}
                  {o.status === 'pending' && ` · until ${whenLocal(o.answerBy)}`}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted">Nobody has been offered a portion yet.</p>
        )}
      </div>
    </>
  );
}

function MemberPanel({ view }: { view: StandingOfferView }) {
  const starterId = view.starterId;
  const { user } = useCurrentUser();
  const join = useJoinWaitlist(starterId);
  const leave = useLeaveWaitlist(starterId);
  const answer = useAnswerOffer();
  const offer = view.offer!;
  const me = view.me;
  const pending = me?.pendingOffer;

  if (!user) {
    return (
      <>
        <p className="text-sm">{offerTerms(offer)}</p>
        <p className="text-sm text-muted">{plural(view.queueLength, 'member')} waiting.</p>
        <Button asChild className="justify-self-start">
          <Link to={signInHref(paths.starter.href(starterId))}>Sign in to join the waitlist</Link>
        </Button>
      </>
    );
  }

  return (
    <>
      <p className="text-sm">{offerTerms(offer)}</p>
      {offer.paused && (
        <p className="text-sm text-muted">The giver has paused rounds for now; the line waits.</p>
      )}
      {pending && (
        <div
          className="grid gap-3 rounded-xl bg-accent-soft/60 p-4"
          role="region"
          aria-label="Your offer"
        >
          <p className="font-semibold">It’s your turn: a portion is yours if you want it.</p>
          <p className="text-sm">
            Answer by {whenLocal(pending.answerBy)}, or it passes to the next in line.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { offerId: pending.id, accept: true },
                  {
                    onSuccess: () =>
                      toast({
                        title: 'Reserved for you',
                        description: 'Arrange the pickup with the giver in Messages.',
                      }),
                    onError: failed('Failed to accept the offer'),
                  },
                )
              }
            >
              Accept
            </Button>
            <Button
              variant="outline"
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { offerId: pending.id, accept: false },
                  {
                    onSuccess: () =>
                      toast({
                        title: 'Passed',
                        description: 'You are back at the end of the line.',
                      }),
                    onError: failed('Failed to decline the offer'),
                  },
                )
              }
            >
              Decline
            </Button>
          </div>
        </div>
      )}
      {me?.place != null ? (
        <>
          <p className="font-medium" role="status">
            {offer.mode === 'lottery'
              ? `You're in the draw with ${plural(view.queueLength - 1, 'other')}`
              : `You're ${ordinal(me.place)} in line`}
            <span className="font-normal text-muted">
              {' '}
              · {plural(view.queueLength, 'member')} waiting
            </span>
          </p>
          {me.eligibleFrom && (
            <p className="text-sm text-muted">
              You had a portion recently: your turn can come again from {whenLocal(me.eligibleFrom)}
              .
            </p>
          )}
          {!pending && (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => toast({ title: 'You left the waitlist' }),
                  onError: failed('Failed to leave the waitlist'),
                })
              }
            >
              Leave the waitlist
            </Button>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-muted">{plural(view.queueLength, 'member')} waiting.</p>
          {me?.cannotJoin ? (
            <p className="text-sm text-muted">{me.cannotJoin}</p>
          ) : (
            <Button
              className="justify-self-start"
              disabled={join.isPending}
              onClick={() =>
                join.mutate(undefined, {
                  onSuccess: () => toast({ title: 'You joined the waitlist' }),
                  onError: failed('Failed to join the waitlist'),
                })
              }
            >
              Join the waitlist
            </Button>
          )}
        </>
      )}
    </>
  );
}

/**
 * The "Standing offer" part of a starter's page: the giver sets it up, pauses it and offers a
 * round; a member joins the line, sees their place and answers their offer. Nothing shows for
 * a starter without one, except to its giver.
 */
export function StandingOfferSection({ starterId }: { starterId: number }) {
  const query = useStandingOffer(starterId);
  const headingId = useId();
  const view = query.data;

  if (query.isError) {
    // A starter one may not see: its own page already says so.
    if (query.error instanceof ApiError && query.error.status === 404) return null;
    return (
      <Card className="grid gap-3 p-5" role="alert">
        <p className="font-medium">Failed to load the standing offer</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void query.refetch()}
        >
          Try again
        </Button>
      </Card>
    );
  }
  if (!view) {
    return (
      <div aria-hidden className="grid gap-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (!view.offer && !view.isGiver) return null;

  return (
    <Card className="grid gap-3 p-5">
      <section aria-labelledby={headingId} className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Repeat className="size-4 text-sage" aria-hidden />
          <h2 id={headingId} className="font-semibold">
            Standing offer
          </h2>
          {view.offer?.paused && <Badge tone="muted">Paused</Badge>}
        </div>
        {view.isGiver ? <GiverPanel view={view} /> : <MemberPanel view={view} />}
      </section>
    </Card>
  );
}
