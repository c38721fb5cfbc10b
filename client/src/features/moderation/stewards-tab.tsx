import { useId } from 'react';
import { MapPin } from 'lucide-react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import {
  createStewardSchema,
  STEWARD_RADIUS_DEFAULT_KM,
  type StewardItem,
} from '../../../../common/moderation/stewards';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fieldAria, TextField } from '../../components/ui/form-controls';
import { NativeSelect } from '../../components/ui/inputs';
import { EmptyState } from '../../components/ui/message-card';
import { MutationButton } from '../../components/ui/mutation-button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { useRadiusText } from '../../lib/unit-system';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useModerationRole } from './moderation-role';
import { useAppointSteward, useRemoveSteward, useStewards } from './stewards-api';

/** The radii the appoint form offers, in km (shown in the member's units). */
const STEWARD_RADII_KM = [5, 10, 25, 50, 100, 200] as const;
const FIELDS = ['memberId', 'place', 'radiusKm'] as const;

/** Moderators appoint a steward for a place from the gazetteer and a radius. */
function AppointForm() {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const radiusText = useRadiusText();
  const { placeField } = useModerationRole();
  const id = useId();
  const appoint = useAppointSteward();
  const form = useZodForm(createStewardSchema, {
    defaultValues: { memberId: '', place: '', radiusKm: STEWARD_RADIUS_DEFAULT_KM },
    shouldFocusError: false,
  });
  const place = useController({ control: form.control, name: 'place' });
  const placeId = `${id}-place`;
  const radiusId = `${id}-radius`;
  const radiusError = form.formState.errors.radiusKm?.message;
  const focusFirst = (invalid: Partial<Record<string, unknown>>) => {
    const first = FIELDS.find((name) => invalid[name]);
    if (first === 'place') document.getElementById(placeId)?.focus();
    else if (first) form.setFocus(first);
  };
  const onSubmit = form.handleSubmit(
    (input) =>
      appoint.mutate(input, {
        onSuccess: () => {
          toast({ title: t('shared.success'), description: t('stewards.appointed') });
          form.reset();
        },
        onError: (err) => {
          showServerFieldErrors(form, err, FIELDS);
          toastError(say(errorMessage(err, t('stewards.appointFailed'))));
        },
      }),
    focusFirst,
  );
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{t('stewards.appoint')}</h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <TextField
          form={form}
          name="memberId"
          id={`${id}-member`}
          label={t('stewards.member')}
          hint={t('stewards.memberHint')}
          autoComplete="off"
        />
        <Field id={placeId} label={t('stewards.place')} error={place.fieldState.error?.message}>
          {placeField({ id: placeId, value: place.field.value, onChange: place.field.onChange })}
        </Field>
        <Field id={radiusId} label={t('stewards.radius')} error={radiusError}>
          <NativeSelect {...fieldAria(radiusId, radiusError)} {...form.register('radiusKm')}>
            {STEWARD_RADII_KM.map((km) => (
              <option key={km} value={km}>
                {radiusText(km)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div>
          <Button type="submit" disabled={appoint.isPending}>
            {appoint.isPending ? t('shared.saving') : t('stewards.appointButton')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function StewardRow({ steward }: { steward: StewardItem }) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const radiusText = useRadiusText();
  const remove = useRemoveSteward();
  const name = displayName(steward.member, t('people.aMember'));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere">{name}</p>
        <p className="text-sm text-muted">
          {steward.place} · {radiusText(steward.radiusKm)}
        </p>
      </div>
      <MutationButton
        size="sm"
        variant="outline"
        aria-label={t('stewards.removeNamed', { name, place: steward.place })}
        mutation={remove}
        variables={steward.id}
        outcome={{
          onSuccess: () =>
            toast({ title: t('shared.success'), description: t('stewards.removed', { name }) }),
          onError: (err) => toastError(say(errorMessage(err, t('stewards.removeFailed')))),
        }}
      >
        {t('stewards.remove')}
      </MutationButton>
    </li>
  );
}

/** Moderators' tab: the stewards and their areas, and appointing one. */
export function StewardsTab() {
  const { t } = useTranslation('moderation');
  const stewards = useStewards();
  return (
    <div className="grid gap-6">
      <AppointForm />
      {stewards.isLoading ? (
        <Skeleton className="h-24" />
      ) : stewards.isError || !stewards.data ? (
        <p className="text-danger">{t('stewards.failed')}</p>
      ) : stewards.data.length === 0 ? (
        <EmptyState icon={MapPin} titleAs="h3" title={t('stewards.empty')} />
      ) : (
        <Card>
          <ul aria-label={t('stewards.list')} className="divide-y divide-border">
            {stewards.data.map((steward) => (
              <StewardRow key={steward.id} steward={steward} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
