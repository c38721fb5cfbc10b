import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKIN_ANSWERS,
  checkinAnswerLabels,
  type Checkin,
  type CheckinAnswer,
} from '../../../../common/checkins';
import { displayName } from '../../../../common/display';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toastError } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
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
      toastError(errorMessage(err, 'Please try again.'), 'Failed to send your answer'),
  });
  const ready = checkin.isSuccess && !checkin.data.answer;
  // The page's one thing to do: Enter or a tap sends it.
  useEffect(() => {
    if (ready) sendButton.current?.focus();
  }, [ready]);
  const chosen = (CHECKIN_ANSWERS as readonly string[]).includes(answer)
    ? (answer as CheckinAnswer)
    : null;

  if (checkin.isPending) return <p role="status">Loading...</p>;
  if (checkin.isError || !chosen) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">This Link Has Expired</h1>
        <p>
          {checkin.isError
            ? errorMessage(checkin.error, 'This check-in is not available any more.')
            : 'This link is not valid.'}
        </p>
        <Button asChild className="justify-self-start">
          <Link to={paths.profile}>Go to Your Profile</Link>
        </Button>
      </Card>
    );
  }
  const c = checkin.data;
  const giver = displayName(c.giver, 'the giver');
  if (c.answer) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">Success! {giver} Has Your Answer</h1>
        <p role="status">
          You told them &ldquo;{c.starter.title}&rdquo; is: {checkinAnswerLabels[c.answer]}.
        </p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to={paths.starter.href(c.starter.id)}>Open the Listing</Link>
        </Button>
      </Card>
    );
  }
  return (
    <Card className="grid gap-4 p-6">
      <h1 className="text-2xl font-bold">How Is &ldquo;{c.starter.title}&rdquo; Doing?</h1>
      <p>
        Your answer goes to {giver}: <strong>{checkinAnswerLabels[chosen]}</strong>.
      </p>
      <Button
        ref={sendButton}
        className="justify-self-start"
        disabled={send.isPending}
        onClick={() => send.mutate(chosen)}
      >
        {send.isPending ? 'Sending...' : `Send “${checkinAnswerLabels[chosen]}”`}
      </Button>
    </Card>
  );
}
