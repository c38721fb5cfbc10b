import { Link } from 'react-router';
import { ordinal, type StandingOfferView } from '../../../../common/standing-offers';
import { Button } from '../../components/ui/button';
import { toast, toastFailure } from '../../components/ui/toast';
import { useCurrentUser } from '../../lib/current-user';
import { signInHref } from '../../lib/sign-in-return';
import { paths } from '../../lib/paths';
import { useAnswerOffer, useJoinWaitlist, useLeaveWaitlist } from './standing-offers-api';
import { plural, whenLocal, offerTerms } from './offer-text';

/** A member's side: the terms, their place in line, and their offer to answer. */
export function MemberPanel({ view }: { view: StandingOfferView }) {
  const starterId = view.starterId;
  const { user } = useCurrentUser();
  const join = useJoinWaitlist(starterId);
  const leave = useLeaveWaitlist(starterId);
  const answer = useAnswerOffer();
  const offer = view.offer!;
  const me = view.me;
  const pending = me?.pendingOffer;
  const reserved = me?.reserved;
  const nextRound = !offer.paused && (
    <p className="text-sm">
      <span className="font-medium">Next round:</span> {whenLocal(offer.nextRoundAt)}
    </p>
  );

  if (!user) {
    return (
      <>
        <p className="text-sm">{offerTerms(offer)}</p>
        {nextRound}
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
      {nextRound}
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
                    onError: toastFailure('Failed to accept the offer'),
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
                    onError: toastFailure('Failed to decline the offer'),
                  },
                )
              }
            >
              Decline
            </Button>
          </div>
        </div>
      )}
      {reserved && (
        <div
          className="grid gap-2 rounded-xl bg-sage-soft p-4"
          role="region"
          aria-label="Reserved for you"
        >
          <p className="font-semibold">A portion is reserved for you.</p>
          <p className="text-sm">
            What happens next: arrange the pickup with the giver in Messages. Once you have it, tap
            Received in the conversation. You can join the line again for a later round.
          </p>
          <Button asChild className="justify-self-start">
            <Link to={paths.conversation.href(starterId, reserved.giverId)}>
              Open the Conversation
            </Link>
          </Button>
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
                  onError: toastFailure('Failed to leave the waitlist'),
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
          {reserved ? null : me?.cannotJoin ? (
            <p className="text-sm text-muted">{me.cannotJoin}</p>
          ) : (
            <Button
              className="justify-self-start"
              disabled={join.isPending}
              onClick={() =>
                join.mutate(undefined, {
                  onSuccess: () => toast({ title: 'You joined the waitlist' }),
                  onError: toastFailure('Failed to join the waitlist'),
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
