import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useController,
  useWatch,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  type FieldPathValue,
} from 'react-hook-form';
import { get } from 'react-hook-form';
import {
  Field,
  fieldAria,
  Input,
  RadioCardsField,
  TextField,
} from '../../components/ui/form-controls';
import { cn } from '../../lib/cn';
import { useMessageText } from '../../lib/message-text';
import { BRING_MAX_LENGTH } from '../../../../common/conversations/handovers';

/** The parts of the post form's react-hook-form these fields read and set. */
type Binding<Values extends FieldValues> = Pick<
  UseFormReturn<Values, unknown, FieldValues>,
  'register' | 'setValue' | 'getValues' | 'control' | 'formState'
>;

function useTravelOptions() {
  const { t } = useTranslation('starters');
  return [
    { value: 'pickup', label: t('handover.pickup'), hint: t('handover.pickupHint') },
    { value: 'post', label: t('handover.post'), hint: t('handover.postHint') },
  ] as const;
}

function usePostageOptions() {
  const { t } = useTranslation('starters');
  return [
    { value: 'giver', label: t('handover.postageGiver'), hint: t('handover.postageGiverHint') },
    {
      value: 'recipient',
      label: t('handover.postageRecipient'),
      hint: t('handover.postageRecipientHint'),
    },
  ] as const;
}

/** Checkboxes for "how it can travel", bound to an array field. */
function TravelChoice<Values extends FieldValues>({
  form,
  name,
  id,
  onChanged,
}: {
  form: Binding<Values>;
  name: FieldPath<Values>;
  id: string;
  onChanged?: () => void;
}) {
  const { t } = useTranslation('starters');
  const say = useMessageText();
  const travelOptions = useTravelOptions();
  const { field, fieldState } = useController({ control: form.control, name });
  const value = (field.value as string[] | undefined) ?? [];
  const error = fieldState.error?.message;
  const toggle = (option: string, checked: boolean) => {
    field.onChange(checked ? [...value, option] : value.filter((v) => v !== option));
    onChanged?.();
  };
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{t('handover.travelLegend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {travelOptions.map((option) => (
          // eslint-disable-next-line jsx-a11y/label-has-associated-control -- its text is in the spans below
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 hover:bg-surface-muted',
              'has-[:checked]:border-accent has-[:checked]:bg-accent-soft/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
            )}
          >
            <input
              id={`${id}-${option.value}`}
              type="checkbox"
              name={field.name}
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
              onBlur={field.onBlur}
              className="mt-0.5 size-4 accent-[var(--color-accent)]"
            />
            <span>
              <span className="block text-sm font-medium">{option.label}</span>
              <span className="block text-xs text-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-danger">
          {say(error)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The post form's hand-over fields: portions, how it travels, who covers postage, what to
 * bring, and how long it stays listed. Field names follow POST /api/starters.
 */
export function ListingHandoverFields<Values extends FieldValues>({
  form,
  idPrefix,
  note,
  keepsEndDate,
}: {
  form: Binding<Values>;
  idPrefix: string;
  note?: ReactNode;
  /** An edit keeps the listing's end date ("Still available" lists it longer). */
  keepsEndDate?: boolean;
}) {
  const { t } = useTranslation('starters');
  const postageOptions = usePostageOptions();
  const n = (name: string) => name as FieldPath<Values>;
  const travel =
    (useWatch({ control: form.control, name: n('travel') }) as string[] | undefined) ?? [];
  const errors = form.formState.errors;
  const err = (name: string) => (get(errors, name) as { message?: string } | undefined)?.message;
  const ids = {
    portions: `${idPrefix}-portions`,
    days: `${idPrefix}-days`,
  };
  return (
    <div className="grid gap-5 rounded-2xl border border-border p-4 sm:p-5">
      <h2 className="font-semibold">{t('handover.heading')}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={ids.portions}
          label={t('handover.portions')}
          hint={t('handover.portionsHint')}
          error={err('portions')}
        >
          <Input
            {...fieldAria(ids.portions, err('portions'), true)}
            {...form.register(n('portions'), { valueAsNumber: true })}
            type="number"
            min={1}
            max={20}
            inputMode="numeric"
          />
        </Field>
        {!keepsEndDate && (
          <Field
            id={ids.days}
            label={t('handover.days')}
            hint={t('handover.daysHint')}
            error={err('availableDays')}
          >
            <Input
              {...fieldAria(ids.days, err('availableDays'), true)}
              {...form.register(n('availableDays'), { valueAsNumber: true })}
              type="number"
              min={7}
              max={90}
              inputMode="numeric"
            />
          </Field>
        )}
      </div>
      <TravelChoice
        form={form}
        name={n('travel')}
        id={`${idPrefix}-travel`}
        // Postage belongs to post only: a stale answer would be refused once post is unticked.
        onChanged={() => {
          const ways = (form.getValues(n('travel')) as string[] | undefined) ?? [];
          if (!ways.includes('post')) {
            form.setValue(n('postage'), null as FieldPathValue<Values, FieldPath<Values>>);
          }
        }}
      />
      {travel.includes('post') && (
        <div className="grid gap-2">
          <RadioCardsField
            form={form}
            name={n('postage')}
            id={`${idPrefix}-postage`}
            legend={t('handover.postageLegend')}
            options={postageOptions}
          />
          <p className="text-xs text-muted">{t('handover.noMoney')}</p>
        </div>
      )}
      <TextField
        form={form}
        name={n('bring')}
        id={`${idPrefix}-bring`}
        label={t('handover.bring')}
        placeholder={t('handover.bringPlaceholder')}
        maxLength={BRING_MAX_LENGTH}
      />
      {note}
    </div>
  );
}
