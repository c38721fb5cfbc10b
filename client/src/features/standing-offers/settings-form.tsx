import { useId } from 'react';
import {
  STANDING_OFFER_DEFAULTS,
  standingOfferSettingsSchema,
  type StandingMode,
} from '../../../../common/standing-offers';
import { Button } from '../../components/ui/button';
import { RadioCardsField, TextField } from '../../components/ui/form-controls';
import { toast, toastFailure } from '../../components/ui/toast';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useSaveStandingOffer } from './standing-offers-api';
import { type Offer } from './offer-text';

const MODE_OPTIONS: { value: StandingMode; label: string; hint: string }[] = [
  {
    value: 'longest_waiting',
    label: 'Longest waiting first',
    hint: 'Each round goes to the people who joined the line earliest.',
  },
  {
    value: 'lottery',
    label: 'Lottery',
    hint: 'Each round is drawn at random from everyone waiting.',
  },
];

export function SettingsForm({
  starterId,
  initial,
  onDone,
}: {
  starterId: number;
  initial: Offer | null;
  onDone: () => void;
}) {
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
          title: initial ? 'Standing offer saved' : 'Standing offer set up',
          description: 'Members can join the waitlist now.',
        });
        onDone();
      },
      onError: (err) => {
        showServerFieldErrors(form, err, [
          'batchSize',
          'cadenceDays',
          'answerHours',
          'limitWeeks',
          'mode',
        ]);
        toastFailure('Failed to save the standing offer')(err);
      },
    }),
  );
  return (
    <form className="grid gap-4" noValidate onSubmit={submit} aria-label="Standing offer settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="batchSize"
          id={`${id}-batch`}
          label="Portions per round"
          type="number"
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="cadenceDays"
          id={`${id}-cadence`}
          label="A round every … days"
          type="number"
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="answerHours"
          id={`${id}-answer`}
          label="Hours to answer an offer"
          type="number"
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="limitWeeks"
          id={`${id}-limit`}
          label="One portion per member every … weeks"
          hint="0 for no limit"
          type="number"
          inputMode="numeric"
        />
      </div>
      <RadioCardsField
        form={form}
        name="mode"
        id={`${id}-mode`}
        legend="Who gets each round"
        options={MODE_OPTIONS}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : initial ? 'Save changes' : 'Start the standing offer'}
        </Button>
      </div>
    </form>
  );
}
