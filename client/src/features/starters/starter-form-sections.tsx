import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH,
  STARTER_DESCRIPTION_MAX_LENGTH,
  STARTER_LOCATION_MAX_LENGTH,
  STARTER_TITLE_MAX_LENGTH,
} from '../../../../common/listings/starters';
import { TextareaField, TextField } from '../../components/ui/form-controls';
import { CultureFields } from './culture-fields';
import { ListingHandoverFields } from './listing-handover-fields';
import type { PostStarterFormApi } from './post-starter-values';
import type { LineageFieldsSlot, StarterFormMode } from './starter-form-mode';
import { StarterTypeFields } from './starter-type-fields';

/**
 * The starter form's fields after its photo, in screen order: all of them open when posting
 * again or editing; for /post and passing a culture on, what a listing needs first and the
 * rest folded under "More Details" (`moreOpen`).
 */
export function StarterFormSections({
  form,
  idPrefix: id,
  mode,
  editing,
  photoField,
  LineageFields,
  moreOpen,
  onMoreOpen,
}: {
  form: PostStarterFormApi;
  idPrefix: string;
  mode: StarterFormMode;
  /** A listing is being edited: its end date stays as it is. */
  editing: boolean;
  photoField: ReactNode;
  LineageFields?: LineageFieldsSlot;
  moreOpen: boolean;
  onMoreOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation('starters');
  const passingOn = mode === 'payItForward';
  const title = (
    <TextField
      form={form}
      name="title"
      id={`${id}-title`}
      label={t('form.title')}
      placeholder={t('form.titlePlaceholder')}
      maxLength={STARTER_TITLE_MAX_LENGTH}
    />
  );
  const description = (
    <TextareaField
      form={form}
      name="description"
      id={`${id}-description`}
      label={t('form.description')}
      rows={passingOn ? 4 : 5}
      maxLength={STARTER_DESCRIPTION_MAX_LENGTH}
      placeholder={
        passingOn ? t('form.descriptionPlaceholderPassOn') : t('form.descriptionPlaceholder')
      }
    />
  );
  const customDescription = (
    <TextareaField
      form={form}
      name="customDescription"
      id={`${id}-custom`}
      label={t('form.additionalDetails')}
      hint={t('form.optional')}
      rows={3}
      maxLength={STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH}
    />
  );
  const location = (
    <TextField
      form={form}
      name="location"
      id={`${id}-location`}
      label={t('form.location')}
      placeholder={t('form.locationPlaceholder')}
      autoComplete="address-level2"
      maxLength={STARTER_LOCATION_MAX_LENGTH}
    />
  );
  const culture = <CultureFields form={form} idPrefix={`${id}-culture`} />;
  const handover = (
    <ListingHandoverFields form={form} idPrefix={`${id}-handover`} keepsEndDate={editing} />
  );
  const lineage = LineageFields && <LineageFields form={form} idPrefix={`${id}-lineage`} />;

  if (mode !== 'post' && !passingOn) {
    return (
      <>
        {photoField}
        {title}
        <StarterTypeFields form={form} />
        {description}
        {customDescription}
        {location}
        {culture}
        {handover}
        {lineage}
      </>
    );
  }
  return (
    <>
      {photoField}
      {title}
      {!passingOn && <StarterTypeFields form={form} />}
      {description}
      {location}
      <details
        open={moreOpen}
        onToggle={(e) => onMoreOpen(e.currentTarget.open)}
        className="rounded-2xl border border-border"
      >
        <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold">
          {t('form.moreDetails')}
        </summary>
        <div className="grid gap-5 p-4 pt-1">
          <p className="text-sm text-muted">
            {passingOn ? t('form.moreDetailsNote') : t('form.moreDetailsPostNote')}
          </p>
          {passingOn && <StarterTypeFields form={form} />}
          {customDescription}
          {culture}
          {handover}
          {!passingOn && lineage}
        </div>
      </details>
    </>
  );
}
