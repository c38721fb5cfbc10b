import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_DEFAULT_RADIUS_KM,
  ALERT_RADIUS_MAX_KM,
  ALERT_RADIUS_MAX_MI,
  ALERT_SEARCH_MAX_LENGTH,
  alertFormSchema,
} from '../../../../common/listings/alerts';
import { AlertFrequencyOptions } from '../../lib/alert-frequency-options';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { Field, fieldAria, TextField } from '../../components/ui/form-controls';
import { NativeSelect } from '../../components/ui/inputs';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useMessageText } from '../../lib/message-text';
import { kmFrom, shownDistance, useUnitSystem } from '../../lib/unit-system';
import { useZodForm } from '../../lib/use-zod-form';
import { useTypeName } from './alert-text';
import { browserTimeZone, useAlertChanges } from './alerts-api';

/** The dialog's boxes in the order they are on screen; the server's `radiusKm` is `radius`. */
const SHOWN_FIELDS = ['search', 'location', 'radius'] as const;
const shownName = (name: string) => (name === 'radiusKm' ? 'radius' : name);

/**
 * "Tell me when new ones appear": an alert made from the browse question in the address
 * (words, category and type, place and radius, the radius in the member's units). It rings the
 * bell too, and mails immediately unless the member chooses a digest.
 */
export function AlertButton() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const typeName = useTypeName();
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [system] = useUnitSystem();
  const miles = system === 'imperial';
  const { create } = useAlertChanges();
  const category = params.get('category');
  const subcategory = params.get('subcategory');
  const form = useZodForm(alertFormSchema(miles ? 'mi' : 'km'), {
    defaultValues: { search: '', location: '', radius: '', frequency: 'immediate' },
  });
  if (!user) return null;

  const start = (next: boolean) => {
    if (next) {
      const radiusKm = Number(params.get('radiusKm')) || ALERT_DEFAULT_RADIUS_KM;
      form.reset({
        search: params.get('search') ?? '',
        location: params.get('near') ?? user.place ?? '',
        radius: String(shownDistance(system, radiusKm)),
        frequency: 'immediate',
      });
    }
    setOpen(next);
  };
  const onError = (err: Error) => {
    const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
    const shown = Object.entries(fields)
      .map(([name, message]) => [shownName(name), message] as const)
      .filter(([name]) => (SHOWN_FIELDS as readonly string[]).includes(name));
    shown.forEach(([name, message], i) =>
      form.setError(name as (typeof SHOWN_FIELDS)[number], { message }, { shouldFocus: i === 0 }),
    );
    if (!shown.length)
      toastError(errorMessage(err, say('Please try again.')), t('alerts.saveFailed'));
  };
  const type = typeName(category, subcategory) ?? t('alerts.anyCategory');
  const frequencyError = form.formState.errors.frequency?.message;

  return (
    <Dialog open={open} onOpenChange={start}>
      <Button variant="outline" onClick={() => start(true)}>
        <Bell className="size-4" aria-hidden />
        {t('alerts.open')}
      </Button>
      <DialogContent title={t('alerts.dialogTitle')} description={t('alerts.dialogText')}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ radius, ...values }) =>
            create.mutate(
              {
                ...values,
                category: (category ?? undefined) as never,
                subcategory: subcategory ?? undefined,
                radiusKm: kmFrom(system, radius),
                timeZone: browserTimeZone(),
              },
              {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: t('alerts.saved'), description: t('alerts.savedText') });
                },
                onError,
              },
            ),
          )}
        >
          <p className="text-sm">
            <span className="font-medium">{t('alerts.type')}</span> {type}
          </p>
          <TextField
            form={form}
            name="search"
            id="alert-search"
            label={t('alerts.search')}
            maxLength={ALERT_SEARCH_MAX_LENGTH}
          />
          <TextField
            form={form}
            name="location"
            id="alert-location"
            label={t('alerts.place')}
            required
          />
          <TextField
            form={form}
            name="radius"
            id="alert-radius"
            label={miles ? t('alerts.radiusMi') : t('alerts.radius')}
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            max={miles ? ALERT_RADIUS_MAX_MI : ALERT_RADIUS_MAX_KM}
          />
          <Field id="alert-frequency" label={t('alerts.howOften')} error={frequencyError}>
            <NativeSelect
              {...form.register('frequency')}
              {...fieldAria('alert-frequency', frequencyError)}
            >
              <AlertFrequencyOptions />
            </NativeSelect>
          </Field>
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
