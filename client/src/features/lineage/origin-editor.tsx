import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BORN_YEAR_DIGITS, ORIGIN_STORY_MAX_LENGTH } from '../../../../common/cultures/cultures';
import { updateOriginSchema, type UpdateOriginInput } from '../../../../common/cultures/lineage';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextareaField, TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useUpdateOrigin } from './lineage-api';

/** The owner names (or changes) their culture's origin story and born year at any time. */
export function OriginEditor({ starter }: { starter: Starter }) {
  const { t } = useTranslation('living');
  const id = useId();
  const update = useUpdateOrigin(starter.id);
  const form = useZodForm(updateOriginSchema, {
    defaultValues: {
      originStory: starter.originStory ?? '',
      bornYear: starter.bornYear === null ? '' : String(starter.bornYear),
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    const body: UpdateOriginInput = {
      originStory: values.originStory ?? null,
      bornYear: values.bornYear ?? null,
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset({
          originStory: saved.originStory ?? '',
          bornYear: saved.bornYear === null ? '' : String(saved.bornYear),
        });
        toast({ title: t('origin.success'), description: t('origin.updated') });
      },
      onError: (err) => {
        showServerFieldErrors(form, err, ['originStory', 'bornYear']);
        toastError(errorMessage(err, t('origin.saveFailed')));
      },
    });
  });
  return (
    <Card className="p-5" role="group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {t('origin.heading')}
      </h2>
      <form className="mt-3 grid gap-4" noValidate onSubmit={onSubmit}>
        <TextareaField
          form={form}
          name="originStory"
          id={`${id}-story`}
          label={t('origin.story')}
          hint={t('origin.storyHint')}
          rows={3}
          maxLength={ORIGIN_STORY_MAX_LENGTH}
        />
        <TextField
          form={form}
          name="bornYear"
          id={`${id}-born`}
          label={t('origin.born')}
          hint={t('origin.bornHint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={BORN_YEAR_DIGITS}
          className="max-w-48"
        />
        <div>
          <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
            {update.isPending ? t('common.saving') : t('origin.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
