import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlertFrequency } from '../../../../common/listings/alerts';
import { AlertFrequencyOptions } from '../../lib/alert-frequency-options';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label, NativeSelect } from '../../components/ui/inputs';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { useDescribeAlert, useTypeName } from './alert-text';
import { browserTimeZone, useAlertChanges, useMyAlerts } from './alerts-api';

/** The member's alerts on their profile: how often each mails, delete; and their time zone. */
export function MyAlerts() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const typeNameOf = useTypeName();
  const describeAlert = useDescribeAlert();
  const mine = useMyAlerts();
  const { update, remove, timeZone } = useAlertChanges();
  /** What the member typed; until then the saved zone, else the browser's. */
  const [typed, setTyped] = useState<string | null>(null);
  const zone = typed ?? mine.data?.timeZone ?? browserTimeZone();
  const failed = (err: unknown) =>
    toastError(errorMessage(err, say('Please try again.')), t('alerts.failed'));
  if (mine.isPending) return <p role="status">{t('alerts.loading')}</p>;
  if (mine.isError) return <p role="alert">{t('alerts.loadFailed')}</p>;
  const alerts = mine.data.alerts;

  return (
    <Card className="mt-5 grid gap-4 p-5">
      <h2 className="text-lg font-semibold">{t('alerts.heading')}</h2>
      {alerts.length === 0 ? (
        <p className="text-muted">{t('alerts.none')}</p>
      ) : (
        <ul className="grid gap-3">
          {alerts.map((a) => {
            const typeName = typeNameOf(a.category, a.subcategory);
            const label = describeAlert({ ...a, typeName });
            return (
              <li key={a.id} className="flex flex-wrap items-end gap-3 border-b border-border pb-3">
                <p className="min-w-0 flex-1 basis-60">{label}</p>
                <div className="grid gap-1">
                  <Label htmlFor={`alert-frequency-${a.id}`}>{t('alerts.howOften')}</Label>
                  <NativeSelect
                    id={`alert-frequency-${a.id}`}
                    value={a.frequency}
                    onChange={(e) =>
                      update.mutate(
                        { id: a.id, frequency: e.target.value as AlertFrequency },
                        { onError: failed },
                      )
                    }
                  >
                    <AlertFrequencyOptions />
                  </NativeSelect>
                </div>
                <Button
                  variant="outline"
                  aria-label={t('alerts.deleteNamed', { alert: label })}
                  onClick={() => remove.mutate(a.id, { onError: failed })}
                >
                  {t('alerts.delete')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          timeZone.mutate(zone, { onError: failed });
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor="alert-time-zone">{t('alerts.timeZone')}</Label>
          <Input id="alert-time-zone" value={zone} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={timeZone.isPending}>
          {t('alerts.saveTimeZone')}
        </Button>
      </form>
    </Card>
  );
}
