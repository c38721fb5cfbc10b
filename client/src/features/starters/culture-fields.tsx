import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useWatch,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import {
  CARE_NOTES_MAX_LENGTH,
  CULTURE_FORMS,
  type CultureForm,
} from '../../../../common/cultures/cultures';
import { RadioCardsField, TextareaField, TextField } from '../../components/ui/form-controls';

/** The parts of the post form's react-hook-form these fields read and set. */
type Binding<Values extends FieldValues> = Pick<
  UseFormReturn<Values, unknown, FieldValues>,
  'register' | 'setValue' | 'getFieldState' | 'control' | 'formState'
>;

/** Spore types usually travel as spores; everything else is usually shared alive. */
const SPORE_TYPES = new Set(['miso', 'tempeh', 'soySauce']);
export const defaultFormFor = (subcategory: string): CultureForm =>
  SPORE_TYPES.has(subcategory) ? 'spores' : 'active';

/** The forms a culture comes in, each with what it means, in the page's language. */
function useFormOptions() {
  const { t } = useTranslation('starters');
  return CULTURE_FORMS.map((value) => ({
    value,
    label: t(`culture.forms.${value}`),
    hint: t(`culture.formHints.${value}`),
  }));
}

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * The post form's culture fields: the form it comes in (defaulting by type until the member
 * chooses), when an active one was last fed, and the giver's own care notes, which show on the
 * care card as "From the giver".
 */
export function CultureFields<Values extends FieldValues>({
  form,
  idPrefix,
}: {
  form: Binding<Values>;
  idPrefix: string;
}) {
  const { t } = useTranslation('starters');
  const formOptions = useFormOptions();
  const n = (name: string) => name as FieldPath<Values>;
  const set = (name: string, value: string) =>
    form.setValue(n(name), value as FieldPathValue<Values, FieldPath<Values>>);
  const chosen = useWatch({ control: form.control, name: n('form') }) as CultureForm | undefined;
  const subcategory = (useWatch({ control: form.control, name: n('subcategory') }) ?? '') as string;

  // A new type suggests its usual form, unless the member already chose one. Only changes
  // count: a form filled in ahead (a draft, a pre-fill) keeps what it was given.
  const previous = useRef(subcategory);
  useEffect(() => {
    if (previous.current === subcategory) return;
    previous.current = subcategory;
    if (!form.getFieldState(n('form')).isDirty) {
      const suggested = defaultFormFor(subcategory);
      set('form', suggested);
      if (suggested !== 'active') set('lastFedAt', '');
    }
  });

  return (
    <div className="grid gap-5 rounded-2xl border border-border p-4 sm:p-5">
      <h2 className="font-semibold">{t('culture.heading')}</h2>
      <RadioCardsField
        form={form}
        name={n('form')}
        id={`${idPrefix}-form`}
        legend={t('culture.formLegend')}
        options={formOptions}
        className="sm:grid-cols-2"
        // "Last fed" belongs to an active culture only; the server refuses it on any other.
        onChosen={(value) => {
          if (value !== 'active') set('lastFedAt', '');
        }}
      />
      {chosen === 'active' && (
        <TextField
          form={form}
          name={n('lastFedAt')}
          id={`${idPrefix}-last-fed`}
          label={t('culture.lastFed')}
          hint={t('culture.lastFedHint')}
          type="date"
          max={today()}
        />
      )}
      <TextareaField
        form={form}
        name={n('careNotes')}
        id={`${idPrefix}-care-notes`}
        label={t('culture.careNotes')}
        hint={t('culture.careNotesHint')}
        rows={3}
        maxLength={CARE_NOTES_MAX_LENGTH}
        placeholder={t('culture.careNotesPlaceholder')}
      />
    </div>
  );
}
