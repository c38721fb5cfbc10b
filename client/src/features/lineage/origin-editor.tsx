import { useId } from 'react';
import { ORIGIN_STORY_MAX_LENGTH } from '../../../../common/cultures';
import { updateOriginSchema, type UpdateOriginInput } from '../../../../common/lineage';
import type { Starter } from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextareaField, TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useUpdateOrigin } from './lineage-api';

/** The owner names (or changes) their culture's origin story and born year at any time. */
export function OriginEditor({ starter }: { starter: Starter }) {
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
        toast({ title: 'Success!', description: 'The origin is updated.' });
      },
      onError: (err) => {
        showServerFieldErrors(form, err, ['originStory', 'bornYear']);
        toastError(errorMessage(err, 'Failed to save the origin'));
      },
    });
  });
  return (
    <Card className="p-5" role="group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        Your culture’s origin
      </h2>
      <form className="mt-3 grid gap-4" noValidate onSubmit={onSubmit}>
        <TextareaField
          form={form}
          name="originStory"
          id={`${id}-story`}
          label="Origin story (optional)"
          hint="Where this culture first came from"
          rows={3}
          maxLength={ORIGIN_STORY_MAX_LENGTH}
        />
        <TextField
          form={form}
          name="bornYear"
          id={`${id}-born`}
          label="Year born (optional)"
          hint="The year it was first started"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          className="max-w-48"
        />
        <div>
          <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
            {update.isPending ? 'Saving...' : 'Save Origin'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
