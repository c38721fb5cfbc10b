import { useId, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  createMeetSchema,
  MEET_DESCRIPTION_MAX_LENGTH,
  MEET_FORM_FIELDS,
  MEET_TITLE_MAX_LENGTH,
} from '../../../../common/listings/meets';
import { Card } from '../../components/ui/card';
import { Field, TextareaField, TextField } from '../../components/ui/form-controls';
import { FormSend } from '../../components/ui/form-send';
import { fieldErrors } from '../../lib/api';
import { paths } from '../../lib/paths';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useCreateMeet } from './meets-api';

export type PlaceField = (props: {
  id: string;
  value: string;
  onChange: (place: string) => void;
}) => ReactNode;

/** The date-time box's local time as the instant the server keeps. */
const instant = (local: string) => new Date(local).toISOString();

/** "Plan a swap meet": what, where (the place picker), when, and what to know. */
export function MeetForm({ placeField, place }: { placeField: PlaceField; place?: string }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const id = useId();
  const create = useCreateMeet();
  const form = useZodForm(createMeetSchema, {
    defaultValues: { title: '', place: place ?? '', startsAt: '', endsAt: '', description: '' },
    shouldFocusError: false,
  });
  const placeController = useController({ control: form.control, name: 'place' });
  const placeId = `${id}-place`;
  const focusFirstInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const first = MEET_FORM_FIELDS.find((name) => invalid[name]);
    if (first === 'place') document.getElementById(placeId)?.focus();
    else if (first) form.setFocus(first);
  };

  return (
    <Card className="p-4 sm:p-6">
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => {
          const body = {
            ...values,
            startsAt: instant(values.startsAt),
            endsAt: instant(values.endsAt),
          };
          create.mutate(body, {
            onSuccess: ({ id: meetId }) => navigate(paths.meet.href(meetId)),
            onError: (err) => {
              showServerFieldErrors(form, err, MEET_FORM_FIELDS);
              focusFirstInvalid(fieldErrors(err));
            },
          });
        }, focusFirstInvalid)}
      >
        <TextField
          form={form}
          name="title"
          id={`${id}-title`}
          label={t('meets.form.title')}
          maxLength={MEET_TITLE_MAX_LENGTH}
        />
        <Field
          id={placeId}
          label={t('meets.form.place')}
          error={placeController.fieldState.error?.message}
        >
          {placeField({
            id: placeId,
            value: placeController.field.value ?? '',
            onChange: placeController.field.onChange,
          })}
        </Field>
        <TextField
          form={form}
          name="startsAt"
          id={`${id}-starts`}
          label={t('meets.form.startsAt')}
          type="datetime-local"
        />
        <TextField
          form={form}
          name="endsAt"
          id={`${id}-ends`}
          label={t('meets.form.endsAt')}
          type="datetime-local"
        />
        <TextareaField
          form={form}
          name="description"
          id={`${id}-description`}
          label={t('meets.form.description')}
          maxLength={MEET_DESCRIPTION_MAX_LENGTH}
        />
        <FormSend sending={create} shownFields={MEET_FORM_FIELDS} failure={t('meets.form.failed')}>
          {t('meets.form.submit')}
        </FormSend>
      </form>
    </Card>
  );
}
