import { useId, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ASK_DEFAULT_DAYS,
  ASK_MAX_DAYS,
  ASK_NOTE_MAX_LENGTH,
  ASK_SEARCH_MAX_LENGTH,
  createAskSchema,
  type CreateAskInput,
} from '../../../../common/listings/asks';
import { AlertFrequencyOptions } from '../../lib/alert-frequency-options';
import { categories, OTHER_SUBCATEGORY } from '../../../../common/listings/catalogue';
import { Card } from '../../components/ui/card';
import { Field, fieldAria, TextareaField, TextField } from '../../components/ui/form-controls';
import { FormSend } from '../../components/ui/form-send';
import { NativeSelect } from '../../components/ui/inputs';
import { fieldErrors } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useCategoryName, useSubcategoryName } from '../../lib/catalogue-text';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { usePostAsk } from './asks-api';

export type PlaceField = (props: {
  id: string;
  value: string;
  onChange: (place: string) => void;
}) => ReactNode;

/** The ask form's fields in the order they are on screen: focus goes to the first invalid. */
const ASK_FORM_FIELDS = [
  'category',
  'subcategory',
  'search',
  'location',
  'note',
  'days',
  'frequency',
] as const satisfies readonly (keyof CreateAskInput)[];

type AskForm = ReturnType<typeof useZodForm<typeof createAskSchema>>;

/** "Ask for a Starter": what, where, a note and how long; pre-filled from browse's question. */
export function AskForm({ placeField, place }: { placeField: PlaceField; place?: string }) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const post = usePostAsk();
  const form = useZodForm(createAskSchema, {
    defaultValues: {
      category: params.get('category') ?? '',
      subcategory: params.get('subcategory') ?? '',
      search: params.get('search') ?? '',
      location: place ?? '',
      note: '',
      days: String(ASK_DEFAULT_DAYS),
      frequency: 'immediate',
    },
    // The place box is the place picker's own: focus is given by id (see focusFirstInvalid).
    shouldFocusError: false,
  });
  const location = useController({ control: form.control, name: 'location' });
  const locationId = `${id}-location`;
  const focusFirstInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const first = ASK_FORM_FIELDS.find((name) => invalid[name]);
    if (first === 'location') document.getElementById(locationId)?.focus();
    else if (first) form.setFocus(first);
  };

  return (
    <Card className="p-6">
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => {
          post.mutate(values, {
            onSuccess: ({ id: askId }) => navigate(paths.ask.href(askId)),
            onError: (err) => {
              showServerFieldErrors(form, err, ASK_FORM_FIELDS);
              focusFirstInvalid(fieldErrors(err));
            },
          });
        }, focusFirstInvalid)}
      >
        <AskTypeFields form={form} idPrefix={id} />
        <TextField
          form={form}
          name="search"
          id={`${id}-search`}
          label={t('asks.form.words')}
          maxLength={ASK_SEARCH_MAX_LENGTH}
        />
        <Field
          id={locationId}
          label={t('asks.location')}
          error={location.fieldState.error?.message}
        >
          {placeField({
            id: locationId,
            value: location.field.value ?? '',
            onChange: location.field.onChange,
          })}
        </Field>
        <TextareaField
          form={form}
          name="note"
          id={`${id}-note`}
          label={t('asks.form.note')}
          maxLength={ASK_NOTE_MAX_LENGTH}
        />
        <TextField
          form={form}
          name="days"
          id={`${id}-days`}
          label={t('asks.form.days')}
          type="number"
          min={1}
          max={ASK_MAX_DAYS}
        />
        <Field
          id={`${id}-frequency`}
          label={t('asks.form.frequency')}
          hint={t('asks.form.frequencyHint')}
          error={form.formState.errors.frequency?.message}
        >
          <NativeSelect
            {...form.register('frequency')}
            {...fieldAria(`${id}-frequency`, form.formState.errors.frequency?.message, true)}
          >
            <AlertFrequencyOptions />
          </NativeSelect>
        </Field>
        <FormSend
          sending={post}
          shownFields={ASK_FORM_FIELDS}
          failure={t('asks.form.couldNotPost')}
        >
          {t('asks.form.submit')}
        </FormSend>
      </form>
    </Card>
  );
}

/** What is asked for: a category, then a type of it (or "Other"); a new category starts over. */
function AskTypeFields({ form, idPrefix }: { form: AskForm; idPrefix: string }) {
  const { t } = useTranslation('account');
  const categoryName = useCategoryName();
  const subcategoryName = useSubcategoryName();
  const errors = form.formState.errors;
  const category = useWatch({ control: form.control, name: 'category' });
  const found = categories.find((c) => c.key === category);
  return (
    <>
      <Field
        id={`${idPrefix}-category`}
        label={t('asks.category')}
        error={errors.category?.message}
      >
        <NativeSelect
          {...form.register('category', { onChange: () => form.setValue('subcategory', '') })}
          {...fieldAria(`${idPrefix}-category`, errors.category?.message)}
        >
          <option value="">{t('asks.form.chooseCategory')}</option>
          {categories.map((c) => (
            <option key={c.key} value={c.key}>
              {categoryName(c.key)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${idPrefix}-type`} label={t('asks.type')} error={errors.subcategory?.message}>
        <NativeSelect
          {...form.register('subcategory')}
          {...fieldAria(`${idPrefix}-type`, errors.subcategory?.message)}
        >
          <option value="">{t('asks.form.chooseType')}</option>
          {found?.subcategories.map((s) => (
            <option key={s.key} value={s.key}>
              {subcategoryName(found.key, s.key)}
            </option>
          ))}
          {found && <option value={OTHER_SUBCATEGORY}>{t('asks.form.other')}</option>}
        </NativeSelect>
      </Field>
    </>
  );
}
