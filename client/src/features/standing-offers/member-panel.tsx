import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type StandingOfferView } from '../../../../common/conversations/standing-offers';
import { Button } from '../../components/ui/button';
import { MutationButton } from '../../components/ui/mutation-button';
import { toastOutcome } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../lib/current-user';
import { useMessageText } from '../../lib/message-text';
import { signInHref } from '../../lib/sign-in-return';
import { paths } from '../../lib/paths';
import { useAnswerOffer, useJoinWaitlist, useLeaveWaitlist } from './standing-offers-api';
import { whenLocal, offerTerms } from './offer-text';

/**
 * A named box in the panel for what the member must act on (their turn, their reservation):
 * its title, a line of words, then the way to act.
 */
function PanelNote({
  label,
  title,
  text,
  tone = 'accent',
  children,
}: {
  label: string;
  title: string;
  text: string;
  tone?: 'accent' | 'sage';
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'grid gap-3 rounded-xl p-4',
        tone === 'accent' ? 'bg-accent-soft/60' : 'bg-sage-soft',
      )}
      role="region"
      aria-label={label}
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{text}</p>
      {children}
    </div>
  );
}

/** A member's side: the terms, their place in line, and their offer to answer. */
export function MemberPanel({ view }: { view: StandingOfferView }) {
  const { t } = useTranslation('living');
  const say = useMessageText();
  const starterId = view.starterId;
  const { user } = useCurrentUser();
  const join = useJoinWaitlist(starterId);
  const leave = useLeaveWaitlist(starterId);
  const answer = useAnswerOffer();
  const offer = view.offer!;
  const me = view.me;
  const pending = me?.pendingOffer;
  const reserved = me?.reserved;
  const reply = (offerId: number, accept: boolean) =>
    answer.mutate(
      { offerId, accept },
      accept
        ? toastOutcome(
            { title: t('offers.member.reserved'), description: t('offers.member.arrangePickup') },
            t('offers.member.acceptFailed'),
          )
        : toastOutcome(
            { title: t('offers.member.passed'), description: t('offers.member.backOfLine') },
            t('offers.member.declineFailed'),
          ),
    );
  const nextRound = !offer.paused && (
    <p className="text-sm">
      <span className="font-medium">{t('offers.member.nextRound')}</span>{' '}
      {whenLocal(offer.nextRoundAt)}
    </p>
  );

  if (!user) {
    return (
      <>
        <p className="text-sm">{offerTerms(offer, t)}</p>
        {nextRound}
        <p className="text-sm text-muted">
          {t('offers.member.waiting', { count: view.queueLength })}
        </p>
        <Button asChild className="justify-self-start">
          <Link to={signInHref(paths.starter.href(starterId))}>{t('offers.member.signIn')}</Link>
        </Button>
      </>
    );
  }

  return (
    <>
      <p className="text-sm">{offerTerms(offer, t)}</p>
      {nextRound}
      {offer.paused && <p className="text-sm text-muted">{t('offers.member.pausedLine')}</p>}
      {pending && (
        <PanelNote
          label={t('offers.member.yourOffer')}
          title={t('offers.member.yourTurn')}
          text={t('offers.member.answerBy', { when: whenLocal(pending.answerBy) })}
        >
          <div className="flex flex-wrap gap-2">
            <Button disabled={answer.isPending} onClick={() => reply(pending.id, true)}>
              {t('offers.member.accept')}
            </Button>
            <Button
              variant="outline"
              disabled={answer.isPending}
              onClick={() => reply(pending.id, false)}
            >
              {t('offers.member.decline')}
            </Button>
          </div>
        </PanelNote>
      )}
      {reserved && (
        <PanelNote
          label={t('offers.member.reserved')}
          title={t('offers.member.reservedTitle')}
          text={t('offers.member.whatNext')}
          tone="sage"
        >
          <Button asChild className="justify-self-start">
            <Link to={paths.conversation.href(starterId, reserved.giverId)}>
              {t('offers.member.openConversation')}
            </Link>
          </Button>
        </PanelNote>
      )}
      {me?.place != null ? (
        <>
          <p className="font-medium" role="status">
            {offer.mode === 'lottery'
              ? t('offers.member.inDraw', { count: view.queueLength - 1 })
              : t('offers.member.inLine', { place: me.place })}
            <span className="font-normal text-muted">
              {t('offers.member.alsoWaiting', { count: view.queueLength })}
            </span>
          </p>
          {me.eligibleFrom && (
            <p className="text-sm text-muted">
              {t('offers.member.eligibleFrom', { when: whenLocal(me.eligibleFrom) })}
            </p>
          )}
          {!pending && (
            <MutationButton
              variant="outline"
              size="sm"
              className="justify-self-start"
              mutation={leave}
              variables={undefined}
              outcome={toastOutcome(
                { title: t('offers.member.left') },
                t('offers.member.leaveFailed'),
              )}
            >
              {t('offers.member.leave')}
            </MutationButton>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-muted">
            {t('offers.member.waiting', { count: view.queueLength })}
          </p>
          {reserved ? null : me?.cannotJoin ? (
            <p className="text-sm text-muted">{say(me.cannotJoin)}</p>
          ) : (
            <Button
              className="justify-self-start"
              disabled={join.isPending}
              onClick={() =>
                join.mutate(
                  undefined,
                  toastOutcome({ title: t('offers.member.joined') }, t('offers.member.joinFailed')),
                )
              }
            >
              {t('offers.member.join')}
            </Button>
          )}
        </>
      )}
    </>
  );
}
