import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { get, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { BORN_YEAR_DIGITS, ORIGIN_STORY_MAX_LENGTH } from '../../../../common/cultures/cultures';
import { displayName } from '../../../../common/members/display';
import type { ReceivedCulture } from '../../../../common/cultures/lineage';
import type { CreateStarterInput } from '../../../../common/listings/starters';
import {
  Field,
  fieldAria,
  NativeSelect,
  TextareaField,
  TextField,
} from '../../components/ui/form-controls';
import { useReceivedCultures } from './lineage-api';

interface Binding<Values extends FieldValues> {
  register: UseFormRegister<Values>;
  control: Control<Values, unknown, FieldValues>;
  formState: { errors: FieldErrors<Values> };
}

/**
 * The form's values for passing on a culture received here ("pay it forward"). The title is
 * the culture's type, not the giver's title: theirs describes their jar ("…fed daily").
 */
export function prefillFrom(culture: ReceivedCulture): Partial<CreateStarterInput> {
  return {
    title: culture.starterType,
    category: culture.category,
    subcategory: culture.subcategory,
    starterType: culture.starterType,
    form: culture.form,
    careNotes: culture.careNotes ?? '',
    parentId: String(culture.starterId),
  };
}

/**
 * "Where it comes from": the culture it grew from (one the member received here, confirmed),
 * its origin story and the year it was born (decision 031).
 */
export function LineageFields<Values extends FieldValues>({
  form,
  idPrefix,
}: {
  form: Binding<Values>;
  idPrefix: string;
}) {
  const { t } = useTranslation('living');
  const n = (name: string) => name as FieldPath<Values>;
  const received = useReceivedCultures();
  const parentError = (get(form.formState.errors, 'parentId') as { message?: string } | undefined)
    ?.message;
  // One choice per culture, however many times it was received.
  const choices = (received.data ?? []).filter(
    (c, i, all) => all.findIndex((o) => o.starterId === c.starterId) === i,
  );
  const ids = {
    parent: `${idPrefix}-parent`,
    story: `${idPrefix}-story`,
    born: `${idPrefix}-born`,
  };
  return (
    <div className="grid gap-5 rounded-2xl border border-border p-4 sm:p-5">
      <h2 className="font-semibold">{t('lineageFields.heading')}</h2>
      {/* Shown once the list is in, so a pre-filled choice is selected on screen too. */}
      {choices.length > 0 && (
        <Field
          id={ids.parent}
          label={t('lineageFields.parent')}
          hint={t('lineageFields.parentHint')}
          error={parentError}
        >
          <NativeSelect
            {...fieldAria(ids.parent, parentError, true)}
            {...form.register(n('parentId'))}
          >
            <option value="">{t('lineageFields.notFromHandover')}</option>
            {choices.map((c) => (
              <option key={c.starterId} value={String(c.starterId)}>
                {t('lineageFields.choice', {
                  title: c.title,
                  giver: displayName(c.giver, t('common.anonymous')),
                })}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <TextareaField
        form={form}
        name={n('originStory')}
        id={ids.story}
        label={t('lineageFields.story')}
        hint={t('lineageFields.storyHint')}
        rows={3}
        maxLength={ORIGIN_STORY_MAX_LENGTH}
      />
      <TextField
        form={form}
        name={n('bornYear')}
        id={ids.born}
        label={t('lineageFields.born')}
        hint={t('lineageFields.bornHint')}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-48"
        maxLength={BORN_YEAR_DIGITS}
      />
    </div>
  );
}
