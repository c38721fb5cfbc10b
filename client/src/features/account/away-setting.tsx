import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { MutationButton } from '../../components/ui/mutation-button';
import { Input, Label } from '../../components/ui/inputs';
import { toast, toastFailure } from '../../components/ui/toast';
import { awayDay } from '../../lib/away';
import { useCurrentUser } from '../../lib/current-user';
import { useSetAway } from './away-api';

/** Today and a year ahead as the date picker's bounds ("2027-01-12"). */
const dayFrom = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * "Away": the day the member is back (decision 160). Meanwhile their listings cannot be
 * reserved, their standing offers and alert and ask mail pause; it ends by itself on the day.
 */
export function AwaySetting() {
  const { t, i18n } = useTranslation('account');
  const id = useId();
  const { user } = useCurrentUser();
  const [day, setDay] = useState('');
  // The picker's bounds, from when the card opened: the server checks the day by its clock.
  const [bounds] = useState(() => ({
    min: dayFrom(Date.now() + 86_400_000),
    max: dayFrom(Date.now() + 365 * 86_400_000),
  }));
  const setAway = useSetAway();
  const failed = toastFailure(t('away.failed'));
  const until = user?.awayUntil;

  return (
    <Card className="grid gap-3 p-5">
      <h2 className="text-lg font-semibold">{t('away.title')}</h2>
      <p className="text-sm text-muted">{t('away.hint')}</p>
      {until && (
        <p role="status" className="font-medium">
          {t('away.current', { date: awayDay(until, i18n.language) })}
        </p>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!day) return;
          setAway.mutate(day, {
            onSuccess: () => toast({ title: t('away.saved') }),
            onError: failed,
          });
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-day`}>{t('away.label')}</Label>
          <Input
            id={`${id}-day`}
            type="date"
            value={day}
            min={bounds.min}
            max={bounds.max}
            onChange={(e) => setDay(e.target.value)}
            className="min-h-11"
          />
        </div>
        <Button type="submit" disabled={!day || setAway.isPending}>
          {t('away.save')}
        </Button>
        {until && (
          <MutationButton
            variant="outline"
            mutation={setAway}
            variables={null}
            outcome={{
              onSuccess: () => {
                setDay('');
                toast({ title: t('away.cleared') });
              },
              onError: failed,
            }}
          >
            {t('away.clear')}
          </MutationButton>
        )}
      </form>
    </Card>
  );
}
