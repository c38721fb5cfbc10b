import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKIN_ANSWERS,
  type Checkin,
  type CheckinAnswer,
} from '../../../../common/cultures/checkins';
import { displayName } from '../../../../common/members/display';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toastError } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { checkinKeys } from '../../lib/query-keys';

/**
 * What a check-in mail's answer link opens (decision 055): the answer already chosen, sent by
 * one focused button, so a link scanner opening the page answers nothing.
 */
export function CheckinByMail({
  checkinId,
  answer,
  mailKey,
}: {
  checkinId: number;
  answer: string;
  mailKey: string;
}) {
  const { t } = useTranslation('living');
  const say = useMessageText();
  const queryClient = useQueryClient();
  const sendButton = useRef<HTMLButtonElement>(null);
  const queryKey = checkinKeys.byMail(checkinId, mailKey);
  const checkin = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest<Checkin>(`/api/checkins/${checkinId}/mail?key=${mailKey}`, { signal }),
    retry: false,
  });
  const send = useMutation({
    mutationFn: (value: CheckinAnswer) =>
      apiRequest<Checkin>(`/api/checkins/${checkinId}/mail`, {
        method: 'POST',
        body: { key: mailKey, answer: value },
      }),
    onSuccess: (answered) => queryClient.setQueryData(queryKey, answered),
    onError: (err) =>
      toastError(errorMessage(err, 'Please try again.'), t('checkinMail.sendFailed')),
  });
  const ready = checkin.isSuccess && !checkin.data.answer;
  // The page's one thing to do: Enter or a tap sends it.
  useEffect(() => {
    if (ready) sendButton.current?.focus();
  }, [ready]);
  const chosen = (CHECKIN_ANSWERS as readonly string[]).includes(answer)
    ? (answer as CheckinAnswer)
    : null;

  if (checkin.isPending) return <p role="status">{t('checkinMail.loading')}</p>;
  if (checkin.isError || !chosen) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">{t('checkinMail.expired')}</h1>
        <p>
          {checkin.isError
            ? say(errorMessage(checkin.error, t('checkinMail.notAvailable')))
            : t('checkinMail.invalid')}
        </p>
        <Button asChild className="justify-self-start">
          <Link to={paths.profile}>{t('checkinMail.profile')}</Link>
        </Button>
      </Card>
    );
  }
  const c = checkin.data;
  const chosenLabel = t(`checkins.answers.${chosen}`);
  const giver = displayName(c.giver, t('common.theGiver'));
  if (c.answer) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">{t('checkinMail.answered', { giver })}</h1>
        <p role="status">
          {t('checkinMail.youTold', {
            title: c.starter.title,
            answer: t(`checkins.answers.${c.answer}`),
          })}
        </p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to={paths.starter.href(c.starter.id)}>{t('checkinMail.openListing')}</Link>
        </Button>
      </Card>
    );
  }
  return (
    <Card className="grid gap-4 p-6">
      <h1 className="text-2xl font-bold">
        {t('checkinMail.question', { title: c.starter.title })}
      </h1>
      <p>
        <Trans
          t={t}
          i18nKey="checkinMail.goesTo"
          values={{ giver, answer: chosenLabel }}
          components={{ strong: <strong /> }}
        />
      </p>
      <Button
        ref={sendButton}
        className="justify-self-start"
        disabled={send.isPending}
        onClick={() => send.mutate(chosen)}
      >
        {send.isPending ? t('checkinMail.sending') : t('checkinMail.send', { answer: chosenLabel })}
      </Button>
    </Card>
  );
}
