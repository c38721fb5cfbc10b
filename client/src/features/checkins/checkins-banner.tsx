import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Checkin } from '../../../../common/cultures/checkins';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { CheckinCard } from './checkin-card';
import { useAnswerCheckin, useDueCheckins } from './checkins-api';

/**
 * Under the header on every page for a member with a check-in due: "Did it wake up?" for
 * each culture received lately (at most one per hand-over). An answered card stays until
 * the member puts it away, since what comes next (share some, or ask the giver) is on it.
 */
export function CheckinsBanner({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('living');
  const { data: due } = useDueCheckins(signedIn);
  const answer = useAnswerCheckin();
  const [answered, setAnswered] = useState<Checkin[]>([]);
  if (!signedIn) return null;
  const answeredIds = new Set(answered.map((c) => c.id));
  const shown = [...(due ?? []).filter((c) => !answeredIds.has(c.id)), ...answered];
  if (shown.length === 0) return null;
  return (
    <aside
      aria-label={t('checkins.banner')}
      className="border-b border-border bg-sage-soft px-4 py-3"
    >
      <ul className="mx-auto grid max-w-6xl gap-2">
        {shown.map((checkin) => (
          <li key={checkin.id}>
            <CheckinCard
              checkin={checkin}
              busy={answer.isPending && answer.variables?.id === checkin.id}
              onAnswer={(value) =>
                answer.mutate(
                  { id: checkin.id, answer: value },
                  {
                    onSuccess: (result) => setAnswered((list) => [...list, result]),
                    onError: (err) => toastError(errorMessage(err, t('checkins.saveFailed'))),
                  },
                )
              }
              onDismiss={() => setAnswered((list) => list.filter((c) => c.id !== checkin.id))}
            />
          </li>
        ))}
      </ul>
    </aside>
  );
}
