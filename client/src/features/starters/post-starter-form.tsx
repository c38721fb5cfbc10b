import { useId, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  createStarterSchema,
  STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH,
  STARTER_DESCRIPTION_MAX_LENGTH,
  STARTER_LOCATION_MAX_LENGTH,
  STARTER_TITLE_MAX_LENGTH,
  type CreateStarter,
  type CreateStarterInput,
} from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextareaField, TextField } from '../../components/ui/form-controls';
import { LeaveGuard } from '../../components/ui/leave-guard';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage, isNetworkError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useZodForm } from '../../lib/use-zod-form';
import { CommunityRulesCard } from './community-rules-card';
import { CultureFields } from './culture-fields';
import { ListingHandoverFields } from './listing-handover-fields';
import {
  POST_STARTER_DEFAULTS,
  POST_STARTER_FIELD_NAMES,
  POST_STARTER_FOCUS_ORDER,
  starterFormData,
  type PostStarterFormApi,
} from './post-starter-values';
import { StarterPhotoField, UploadProgress } from './starter-photo-field';
import { StarterTypeFields } from './starter-type-fields';
import { useCreateStarter } from './starters-api';

/** "Where it comes from" (the lineage feature's), composed in by the page. */
export type LineageFieldsSlot = ComponentType<{ form: PostStarterFormApi; idPrefix: string }>;

/**
 * 'Share a Starter' (spec §2 /post, §5). `prefill`: starting values, e.g. from a culture the
 * member received here (pay it forward).
 */
export function PostStarterForm({
  prefill,
  LineageFields,
}: {
  prefill?: Partial<CreateStarterInput>;
  LineageFields?: LineageFieldsSlot;
} = {}) {
  const id = useId();
  const navigate = useNavigate();
  const createStarter = useCreateStarter();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  // Set once posted, read when the page is left: a box rather than state, nothing re-renders.
  const [posted] = useState(() => ({ current: false }));

  const form = useZodForm(createStarterSchema, {
    defaultValues: { ...POST_STARTER_DEFAULTS, ...prefill },
    // Focus goes to the first invalid field on screen (see focusFirstInvalid), not the first registered.
    shouldFocusError: false,
  });

  const onSubmit = (values: CreateStarter) => {
    setProgress(photo ? 0 : null);
    createStarter.mutate(
      { form: starterFormData(values, photo), onProgress: (fraction) => setProgress(fraction) },
      {
        onSuccess: () => {
          posted.current = true;
          toast({ title: 'Success!', description: 'Your starter has been posted successfully.' });
          void navigate(paths.browse);
        },
        onError: (err) => {
          setProgress(null);
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) {
              if (name === 'image') setPhotoError(message);
              else if ((POST_STARTER_FIELD_NAMES as readonly string[]).includes(name))
                form.setError(name as (typeof POST_STARTER_FIELD_NAMES)[number], { message });
            }
          }
          toastError(
            isNetworkError(err)
              ? 'Network error. Please try again.'
              : errorMessage(err, 'Failed to create starter'),
          );
        },
      },
    );
  };

  const focusFirstInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const first = POST_STARTER_FOCUS_ORDER.find((name) => invalid[name]);
    if (first) form.setFocus(first);
  };

  const busy = createStarter.isPending;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-10 lg:grid-cols-[1fr_18rem] lg:items-start">
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Share a Starter</h1>
        <LeaveGuard when={form.formState.isDirty || !!photo} done={posted} />
        <form
          className="mt-6 grid gap-5"
          noValidate
          onSubmit={form.handleSubmit(onSubmit, focusFirstInvalid)}
        >
          <TextField
            form={form}
            name="title"
            id={`${id}-title`}
            label="Title"
            placeholder="e.g. Lively milk kefir grains"
            maxLength={STARTER_TITLE_MAX_LENGTH}
          />
          <StarterTypeFields form={form} />
          <TextareaField
            form={form}
            name="description"
            id={`${id}-description`}
            label="Description"
            rows={5}
            maxLength={STARTER_DESCRIPTION_MAX_LENGTH}
            placeholder="How old is it, what do you feed it, how should it be cared for?"
          />
          <TextareaField
            form={form}
            name="customDescription"
            id={`${id}-custom`}
            label="Additional Details"
            hint="Optional"
            rows={3}
            maxLength={STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH}
          />
          <TextField
            form={form}
            name="location"
            id={`${id}-location`}
            label="Location"
            placeholder="City, State/Country"
            autoComplete="address-level2"
            maxLength={STARTER_LOCATION_MAX_LENGTH}
          />
          <CultureFields form={form} idPrefix={`${id}-culture`} />
          <ListingHandoverFields form={form} idPrefix={`${id}-handover`} />
          {LineageFields && <LineageFields form={form} idPrefix={`${id}-lineage`} />}
          <StarterPhotoField
            id={`${id}-photo`}
            photo={photo}
            error={photoError}
            onChange={(file, error) => {
              setPhoto(file);
              setPhotoError(error);
            }}
          />
          {progress !== null && busy && (
            <UploadProgress id={`${id}-progress`} fraction={progress} />
          )}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to={paths.browse}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Posting...' : 'Post Starter'}
            </Button>
          </div>
        </form>
      </Card>
      <CommunityRulesCard />
    </div>
  );
}
