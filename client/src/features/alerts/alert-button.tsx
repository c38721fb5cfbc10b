import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ALERT_SEARCH_MAX_LENGTH, type AlertFrequency } from '../../../../common/alerts';
import { AlertFrequencyOptions } from '../../lib/alert-frequency-options';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { Input, Label, NativeSelect } from '../../components/ui/inputs';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useMessageText } from '../../lib/message-text';
import { useTypeName } from './alert-text';
import { browserTimeZone, useAlertChanges } from './alerts-api';

/**
 * "Tell me when new ones appear": an alert made from the browse question in the address
 * (words, category and type, place and radius). It rings the bell too, and mails immediately
 * unless the member chooses a digest.
 */
export function AlertButton() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const typeName = useTypeName();
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const { create } = useAlertChanges();
  const category = params.get('category');
  const subcategory = params.get('subcategory');
  const [search, setSearch] = useState('');
  const [location, setLocation] = useState('');
  const [radiusKm, setRadiusKm] = useState('10');
  const [frequency, setFrequency] = useState<AlertFrequency>('immediate');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!user) return null;

  const start = (next: boolean) => {
    if (next) {
      setSearch(params.get('search') ?? '');
      setLocation(params.get('near') ?? user.place ?? '');
      setRadiusKm(params.get('radiusKm') ?? '10');
      setFrequency('immediate');
      setErrors({});
    }
    setOpen(next);
  };
  const type = typeName(category, subcategory) ?? t('alerts.anyCategory');

  return (
    <Dialog open={open} onOpenChange={start}>
      <Button variant="outline" onClick={() => start(true)}>
        <Bell className="size-4" aria-hidden />
        {t('alerts.open')}
      </Button>
      <DialogContent title={t('alerts.dialogTitle')} description={t('alerts.dialogText')}>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              {
                search: search.trim() || undefined,
                category: (category ?? undefined) as never,
                subcategory: subcategory ?? undefined,
                location,
                radiusKm: Number(radiusKm),
                frequency,
                timeZone: browserTimeZone(),
              },
              {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: t('alerts.saved'), description: t('alerts.savedText') });
                },
                onError: (err) => {
                  const fields = err instanceof ApiError ? err.body?.fields : undefined;
                  if (fields) setErrors(fields);
                  else
                    toastError(errorMessage(err, say('Please try again.')), t('alerts.saveFailed'));
                },
              },
            );
          }}
        >
          <p className="text-sm">
            <span className="font-medium">{t('alerts.type')}</span> {type}
          </p>
          <div className="grid gap-1">
            <Label htmlFor="alert-search">{t('alerts.search')}</Label>
            <Input
              id="alert-search"
              value={search}
              maxLength={ALERT_SEARCH_MAX_LENGTH}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="alert-location">{t('alerts.place')}</Label>
            <Input
              id="alert-location"
              value={location}
              required
              aria-invalid={!!errors.location}
              aria-describedby={errors.location ? 'alert-location-error' : undefined}
              onChange={(e) => setLocation(e.target.value)}
            />
            {errors.location && (
              <p id="alert-location-error" className="text-sm text-danger">
                {say(errors.location)}
              </p>
            )}
          </div>
          <div className="grid gap-1">
            <Label htmlFor="alert-radius">{t('alerts.radius')}</Label>
            <Input
              id="alert-radius"
              type="number"
              min={1}
              max={500}
              value={radiusKm}
              aria-invalid={!!errors.radiusKm}
              aria-describedby={errors.radiusKm ? 'alert-radius-error' : undefined}
              onChange={(e) => setRadiusKm(e.target.value)}
            />
            {errors.radiusKm && (
              <p id="alert-radius-error" className="text-sm text-danger">
                {say(errors.radiusKm)}
              </p>
            )}
          </div>
          <div className="grid gap-1">
            <Label htmlFor="alert-frequency">{t('alerts.howOften')}</Label>
            <NativeSelect
              id="alert-frequency"
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
            >
              <AlertFrequencyOptions />
            </NativeSelect>
          </div>
          <DialogActions>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('alerts.saving') : t('alerts.save')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
