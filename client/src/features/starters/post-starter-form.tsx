import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { ImagePlus, ShieldCheck, X } from 'lucide-react';
import {
  categories,
  findCategory,
  OTHER_SUBCATEGORY,
  OTHER_SUBCATEGORY_LABEL,
  subcategoryLabel,
} from '../../../../common/catalogue';
import { NOT_AN_IMAGE, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '../../../../common/constants';
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
import {
  Field,
  fieldAria,
  NativeSelect,
  TextareaField,
  TextField,
} from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage, isNetworkError } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';
import { LeaveGuard } from '../../components/ui/leave-guard';
import { useCreateStarter } from './starters-api';
import { ListingHandoverFields } from './listing-handover-fields';
import {
  appendCulture,
  CULTURE_DEFAULTS,
  CULTURE_FIELD_NAMES,
  CultureFields,
} from './culture-fields';
import {
  appendListingHandover,
  LISTING_HANDOVER_DEFAULTS,
  LISTING_HANDOVER_FIELD_NAMES,
} from './listing-handover-schema';
import { paths } from '../../lib/paths';
import {
  appendLineage,
  LINEAGE_DEFAULTS,
  LINEAGE_FIELD_NAMES,
  LineageFields,
} from './lineage-fields';

const FIELD_NAMES = [
  'title',
  'category',
  'subcategory',
  'starterType',
  'customDescription',
  'description',
  'location',
  ...LISTING_HANDOVER_FIELD_NAMES,
  ...CULTURE_FIELD_NAMES,
  ...LINEAGE_FIELD_NAMES,
] as const;

/** The photo picker's check before any upload: images only, 5 MB at most. */
export function checkPhoto(file: File): string | null {
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  if (file.type && !file.type.startsWith('image/')) return NOT_AN_IMAGE;
  return null;
}

function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl); // eslint-disable-line react-hooks/set-state-in-effect -- mirrors an external object URL
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);
  return file ? url : null;
}

/**
 * 'Share a Starter' (spec §2 /post, §5). `prefill`: starting values, e.g. from a culture the
 * member received here (pay it forward).
 */
export function PostStarterForm({ prefill }: { prefill?: Partial<CreateStarterInput> } = {}) {
  const id = useId();
  const navigate = useNavigate();
  const createStarter = useCreateStarter();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const preview = usePreviewUrl(photo);
  // Set once posted, read when the page is left: a box rather than state, nothing re-renders.
  const [posted] = useState(() => ({ current: false }));

  const form = useZodForm(createStarterSchema, {
    defaultValues: {
      title: '',
      category: '',
      subcategory: '',
      starterType: '',
      customDescription: '',
      description: '',
      location: '',
      ...LISTING_HANDOVER_DEFAULTS,
      ...CULTURE_DEFAULTS,
      ...LINEAGE_DEFAULTS,
      ...prefill,
    },
    // Focus goes to the first invalid field on screen (see focusFirstInvalid), not the first registered.
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = form;

  const category = findCategory(useWatch({ control, name: 'category' }));
  const subcategory = useWatch({ control, name: 'subcategory' });

  const categoryField = register('category', {
    onChange: () => {
      // A new category starts the type over.
      setValue('subcategory', '');
      setValue('starterType', '');
    },
  });
  const subcategoryField = register('subcategory', {
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      const key = e.target.value;
      setValue('starterType', key ? subcategoryLabel(category?.key ?? '', key) : '', {
        shouldValidate: !!errors.starterType,
      });
    },
  });

  const onPhotoChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (!file) return;
    const problem = checkPhoto(file);
    setPhotoError(problem ?? undefined);
    if (problem) {
      e.target.value = '';
      setPhoto(null);
      return;
    }
    setPhoto(file);
  };

  const clearPhoto = () => {
    setPhoto(null);
    setPhotoError(undefined);
    const input = document.getElementById(`${id}-photo`) as HTMLInputElement | null;
    if (input) input.value = '';
  };

  const onSubmit = (values: CreateStarter) => {
    const form = new FormData();
    form.set('title', values.title);
    form.set('category', values.category);
    form.set('subcategory', values.subcategory);
    form.set('starterType', values.starterType);
    if (values.customDescription) form.set('customDescription', values.customDescription);
    form.set('description', values.description);
    form.set('location', values.location);
    appendListingHandover(form, values);
    appendCulture(form, values);
    appendLineage(form, values);
    // The file goes last so the server has every field before the bytes arrive.
    if (photo) form.set('image', photo, photo.name);
    setProgress(photo ? 0 : null);
    createStarter.mutate(
      { form, onProgress: (fraction) => setProgress(fraction) },
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
              else if ((FIELD_NAMES as readonly string[]).includes(name))
                setError(name as (typeof FIELD_NAMES)[number], { message });
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
    const onScreen = [
      'title',
      'category',
      'subcategory',
      'starterType',
      'description',
      'customDescription',
      'location',
      'lastFedAt',
      'careNotes',
      'parentId',
      'originStory',
      'bornYear',
    ] as const;
    const first = onScreen.find((name) => invalid[name]);
    if (first) form.setFocus(first);
  };
  const [previewFailed, setPreviewFailed] = useState<string | null>(null);

  const busy = createStarter.isPending;
  const ids = {
    title: `${id}-title`,
    category: `${id}-category`,
    subcategory: `${id}-subcategory`,
    starterType: `${id}-starter-type`,
    description: `${id}-description`,
    customDescription: `${id}-custom`,
    location: `${id}-location`,
    photo: `${id}-photo`,
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-10 lg:grid-cols-[1fr_18rem] lg:items-start">
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Share a Starter</h1>
        <LeaveGuard when={form.formState.isDirty || !!photo} done={posted} />
        <form
          className="mt-6 grid gap-5"
          noValidate
          onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
        >
          <TextField
            form={form}
            name="title"
            id={ids.title}
            label="Title"
            placeholder="e.g. Lively milk kefir grains"
            maxLength={STARTER_TITLE_MAX_LENGTH}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={ids.category} label="Category" error={errors.category?.message}>
              <NativeSelect
                {...categoryField}
                {...fieldAria(ids.category, errors.category?.message)}
              >
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.emoji} {c.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={ids.subcategory} label="Starter Type" error={errors.subcategory?.message}>
              <NativeSelect
                {...subcategoryField}
                {...fieldAria(ids.subcategory, errors.subcategory?.message)}
                disabled={!category}
              >
                <option value="">
                  {category ? 'Select a starter type' : 'Choose a category first'}
                </option>
                {category?.subcategories.map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.label}
                  </option>
                ))}
                {category && <option value={OTHER_SUBCATEGORY}>{OTHER_SUBCATEGORY_LABEL}</option>}
              </NativeSelect>
            </Field>
          </div>
          {subcategory ? (
            <TextField
              form={form}
              name="starterType"
              id={ids.starterType}
              label="Specific Type (if different from above)"
              maxLength={STARTER_TITLE_MAX_LENGTH}
            />
          ) : null}
          <TextareaField
            form={form}
            name="description"
            id={ids.description}
            label="Description"
            rows={5}
            maxLength={STARTER_DESCRIPTION_MAX_LENGTH}
            placeholder="How old is it, what do you feed it, how should it be cared for?"
          />
          <TextareaField
            form={form}
            name="customDescription"
            id={ids.customDescription}
            label="Additional Details"
            hint="Optional"
            rows={3}
            maxLength={STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH}
          />
          <TextField
            form={form}
            name="location"
            id={ids.location}
            label="Location"
            placeholder="City, State/Country"
            autoComplete="address-level2"
            maxLength={STARTER_LOCATION_MAX_LENGTH}
          />
          <CultureFields form={form} idPrefix={`${id}-culture`} />
          <ListingHandoverFields form={form} idPrefix={`${id}-handover`} />
          <LineageFields form={form} idPrefix={`${id}-lineage`} />
          <Field
            id={ids.photo}
            label="Photo"
            hint="Upload a photo of your starter (max 5MB, images only)"
            error={photoError}
          >
            {/* A file the browser cannot show (no broken-image icon): no preview at all. */}
            {preview && previewFailed !== preview && (
              <div className="relative aspect-[4/3] w-full max-w-sm overflow-hidden rounded-xl border border-border bg-surface-muted">
                <img
                  src={preview}
                  alt="Your starter, as it will be shown"
                  className="size-full object-cover"
                  onError={() => setPreviewFailed(preview)}
                />
                <Button
                  variant="outline"
                  size="icon"
                  aria-label="Remove photo"
                  className="absolute top-2 right-2 size-9"
                  onClick={clearPhoto}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </div>
            )}
            <div className="flex items-center gap-3">
              <ImagePlus className="size-5 shrink-0 text-muted" aria-hidden />
              <input
                {...fieldAria(ids.photo, photoError, true)}
                type="file"
                accept="image/*"
                onChange={onPhotoChange}
                className="block w-full text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-accent-soft file:px-4 file:py-2 file:text-sm file:font-medium file:text-accent-hover dark:file:text-accent"
              />
            </div>
          </Field>
          {progress !== null && busy && (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-progress`} className="text-sm text-muted">
                Uploading photo… {Math.round(progress * 100)}%
              </label>
              <progress
                id={`${id}-progress`}
                max={100}
                value={Math.round(progress * 100)}
                className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-accent"
              />
            </div>
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
      <Card className="bg-sage-soft p-5 sm:p-6" role="note" aria-labelledby={`${id}-rules`}>
        <h2 id={`${id}-rules`} className="flex items-center gap-2 font-semibold text-sage">
          <ShieldCheck className="size-5" aria-hidden />
          Community Rules
        </h2>
        <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm">
          <li>Only share healthy, active cultures.</li>
          <li>Gift economy: everything is free, no selling.</li>
          <li>Be honest about the condition of your starter.</li>
          <li>Include care instructions for the new owner.</li>
        </ul>
      </Card>
    </div>
  );
}
