import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STANDING_OFFER_DEFAULTS,
  standingOfferSettingsSchema,
  type StandingMode,
} from '../../../../common/conversations/standing-offers';
import { Button } from '../../components/ui/button';
import { RadioCardsField, TextField } from '../../components/ui/form-controls';
import { toast, toastFailure } from '../../components/ui/toast';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useSaveStandingOffer } from './standing-offers-api';
import { type Offer } from './offer-text';

/** The offer's numbers, in the order they are on screen; each is labelled by its own key. */
const COUNTS = [
  { name: 'batchSize', idSuffix: 'batch' },
  { name: 'cadenceDays', idSuffix: 'cadence' },
  { name: 'answerHours', idSuffix: 'answer' },
  { name: 'limitWeeks', idSuffix: 'limit' },
] as const;

export function SettingsForm({
  starterId,
  initial,
  onDone,
}: {
  starterId: number;
  initial: Offer | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('living');
  const modeOptions: { value: StandingMode; label: string; hint: string }[] = [
    {
      value: 'longest_waiting',
      label: t('offers.settings.longestWaiting'),
      hint: t('offers.settings.longestWaitingHint'),
    },
    {
      value: 'lottery',
      label: t('offers.settings.lottery'),
      hint: t('offers.settings.lotteryHint'),
    },
  ];
  const id = useId();
  const save = useSaveStandingOffer(starterId);
  const start = initial ?? STANDING_OFFER_DEFAULTS;
  const form = useZodForm(standingOfferSettingsSchema, {
    defaultValues: {
      batchSize: start.batchSize,
      cadenceDays: start.cadenceDays,
      answerHours: start.answerHours,
      limitWeeks: start.limitWeeks,
      mode: start.mode,
    },
  });
  const submit = form.handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: () => {
        toast({
          title: t(initial ? 'offers.settings.saved' : 'offers.settings.setUp'),
          description: t('offers.settings.canJoin'),
        });
        onDone();
      },
      onError: (err) => {
        showServerFieldErrors(form, err, [...COUNTS.map((c) => c.name), 'mode']);
        toastFailure(t('offers.settings.saveFailed'))(err);
      },
    }),
  );
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={submit}
      aria-label={t('offers.settings.label')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {COUNTS.map(({ name, idSuffix }) => (
          <TextField
            key={name}
            form={form}
            name={name}
            id={`${id}-${idSuffix}`}
            label={t(`offers.settings.${name}`)}
            hint={name === 'limitWeeks' ? t('offers.settings.noLimit') : undefined}
            type="number"
            inputMode="numeric"
          />
        ))}
      </div>
      <RadioCardsField
        form={form}
        name="mode"
        id={`${id}-mode`}
        legend={t('offers.settings.mode')}
        options={modeOptions}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? t('common.saving')
            : t(initial ? 'offers.settings.save' : 'offers.settings.start')}
        </Button>
      </div>
    </form>
  );
}
