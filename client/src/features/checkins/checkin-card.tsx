import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CHECKIN_ANSWERS,
  type Checkin,
  type CheckinAnswer,
} from '../../../../common/cultures/checkins';
import { displayName } from '../../../../common/members/display';
import { Button, buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';

const linkClass = 'font-medium underline underline-offset-2';

export interface CheckinCardProps {
  checkin: Checkin;
  onAnswer: (answer: CheckinAnswer) => void;
  /** An answer is on its way: the buttons wait. */
  busy?: boolean;
  /** Shown once answered: puts the card away. */
  onDismiss?: () => void;
}

/**
 * "Did it wake up?" for one received culture: three one-click answers and a way to ask the
 * giver; once answered, what to do next (share the surplus, or how to wake it and whom to ask).
 */
export function CheckinCard({ checkin, onAnswer, busy = false, onDismiss }: CheckinCardProps) {
  const { t } = useTranslation('living');
  const titleId = useId();
  const followUp = useRef<HTMLParagraphElement>(null);
  const giver = displayName(checkin.giver, t('common.theGiver'));
  const title = checkin.starter.title;
  const askLink = (
    <Link to={paths.conversation.href(checkin.starter.id, checkin.giver.id)} className={linkClass}>
      {t('checkins.ask', { giver })}
    </Link>
  );
  // The buttons that had focus are gone once answered: focus moves to what comes next.
  useEffect(() => {
    if (checkin.answer) followUp.current?.focus();
  }, [checkin.answer]);

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-surface px-4 py-3 text-text shadow-sm"
    >
      <p id={titleId} className="font-medium wrap-anywhere">
        {t('checkins.wakeUp', { title })}{' '}
        <span className="text-sm font-normal text-muted">
          {t('checkins.day', { day: checkin.day })}
        </span>
      </p>
      {checkin.answer ? (
        <div className="mt-2 space-y-2">
          <p ref={followUp} tabIndex={-1} className="text-sm outline-none">
            {t('checkins.youSaid', {
              answer: t(`checkins.answers.${checkin.answer}`),
              followUp: t(`checkins.followUp.${checkin.answer}`),
            })}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            {checkin.answer === 'thriving' ? (
              <Link
                to={paths.postFrom.href(checkin.handoverId)}
                className={buttonClasses('primary', 'sm')}
              >
                {t('checkins.share')}
              </Link>
            ) : (
              <>
                <Link to={paths.starter.href(checkin.starter.id)} className={linkClass}>
                  {t('checkins.howToWake')}
                </Link>
                {askLink}
              </>
            )}
            {onDismiss && (
              <Button variant="ghost" size="sm" onClick={onDismiss}>
                {t('checkins.done')}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <div
            role="group"
            aria-label={t('checkins.howIsItDoing', { title })}
            className="flex flex-wrap gap-2"
          >
            {CHECKIN_ANSWERS.map((answer) => (
              <Button
                key={answer}
                variant={answer === 'thriving' ? 'secondary' : 'outline'}
                size="sm"
                disabled={busy}
                onClick={() => onAnswer(answer)}
              >
                {t(`checkins.answers.${answer}`)}
              </Button>
            ))}
          </div>
          <span className="text-sm">{askLink}</span>
        </div>
      )}
    </article>
  );
}
