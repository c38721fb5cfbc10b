import { useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { ownerName } from '../../../../common/display';
import { type GivenOffer, type StandingOfferView } from '../../../../common/standing-offers';
import { Button } from '../../components/ui/button';
import { toast, toastFailure } from '../../components/ui/toast';
import {
  useEndStandingOffer,
  useOfferRoundNow,
  usePauseStandingOffer,
} from './standing-offers-api';
import { plural, whenLocal, offerTerms } from './offer-text';
import { SettingsForm } from './settings-form';

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
                  onError: toastFailure('Failed to end the standing offer'),
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

/** The giver's side: set the offer up, pause it, offer a round now, see who was offered. */
export function GiverPanel({ view }: { view: StandingOfferView }) {
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
              onError: toastFailure('Failed to offer a round'),
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
              onError: toastFailure('Failed to change the standing offer'),
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
