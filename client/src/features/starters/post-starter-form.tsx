import { useEffect, useId, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  createStarterSchema,
  STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH,
  STARTER_FORM_DEFAULTS,
  STARTER_FORM_FIELDS,
  STARTER_DESCRIPTION_MAX_LENGTH,
  STARTER_LOCATION_MAX_LENGTH,
  STARTER_TITLE_MAX_LENGTH,
  type CreateStarter,
  type CreateStarterInput,
  type Starter,
  type StarterFormField,
} from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextareaField, TextField } from '../../components/ui/form-controls';
import { LeaveGuard } from '../../components/ui/leave-guard';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage, isNetworkError } from '../../lib/api';
import { readDraft, saveDraft } from '../../lib/drafts';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { useZodForm } from '../../lib/use-zod-form';
import { CommunityRulesCard } from './community-rules-card';
import { CultureFields } from './culture-fields';
import { ListingHandoverFields } from './listing-handover-fields';
import {
  POST_STARTER_FOCUS_ORDER,
  starterEditFormData,
  starterFormData,
  valuesOf,
  type PostStarterFormApi,
} from './post-starter-values';
import {
  newPhotoItem,
  StarterPhotoField,
  UploadProgress,
  type PhotoItem,
} from './starter-photo-field';
import { StarterTypeFields } from './starter-type-fields';
import { useCreateStarter, useEditStarter } from './starters-api';

/** "Where it comes from" (the lineage feature's), composed in by the page. */
export type LineageFieldsSlot = ComponentType<{ form: PostStarterFormApi; idPrefix: string }>;

/**
 * What the form is for (the photo comes first in each, decision 142):
 * - `post`: /post: what a listing needs, the optional parts folded away, what was typed kept as
 *   a draft until it is posted, and the member lands on the new listing to share it;
 * - `payItForward`: passing on a culture received here: what is known is filled in and folded
 *   away, and the member lands on the new listing;
 * - `repost`: "Post Again" of a claimed listing, every field and photo filled in;
 * - `edit`: the owner changes a listing in place (its id, conversations and family tree stay).
 */
export type StarterFormMode = 'post' | 'payItForward' | 'repost' | 'edit';

const keptPhotos = (starter: Starter): PhotoItem[] =>
  (starter.photos ?? []).map((photo) => ({
    key: photo.id,
    kind: 'kept',
    id: photo.id,
    src: photo.thumbnailPath,
  }));

/** What a culture's care and hand-over need beyond its name and kind: all optional. */
const CARE_AND_HANDOVER_FIELDS: readonly StarterFormField[] = [
  'customDescription',
  'form',
  'lastFedAt',
  'careNotes',
  'portions',
  'travel',
  'postage',
  'bring',
  'availableDays',
];

/** Fields each folding form folds away: known from the culture received, or optional. */
const FOLDED_FIELDS: Partial<Record<StarterFormMode, ReadonlySet<string>>> = {
  // /post's "More Details (optional)": a listing is whole without them.
  post: new Set<StarterFormField>([
    ...CARE_AND_HANDOVER_FIELDS,
    'parentId',
    'originStory',
    'bornYear',
  ]),
  payItForward: new Set<StarterFormField>([
    'category',
    'subcategory',
    'starterType',
    ...CARE_AND_HANDOVER_FIELDS,
  ]),
};

/** The draft of /post kept in this tab (lib/drafts) until the listing is posted. */
const POST_DRAFT = 'post-starter';

function readPostDraft(memberId: string | undefined): Partial<CreateStarterInput> | undefined {
  const text = readDraft(memberId, POST_DRAFT);
  if (!text) return undefined;
  try {
    const values: unknown = JSON.parse(text);
    return values && typeof values === 'object'
      ? (values as Partial<CreateStarterInput>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * 'Share a Starter' (spec §2 /post, §5), and the same form for passing a culture on, posting a
 * claimed listing again and editing one. `prefill`: starting values.
 */
export function PostStarterForm({
  prefill,
  LineageFields,
  mode = 'post',
  starter,
  initialPhotos,
  draftOf,
}: {
  prefill?: Partial<CreateStarterInput>;
  LineageFields?: LineageFieldsSlot;
  mode?: StarterFormMode;
  /** The listing being edited. */
  starter?: Starter;
  /** Photos to start with (Post Again). */
  initialPhotos?: File[];
  /** The signed-in member whose draft of /post this form keeps (lib/drafts). */
  draftOf?: string;
} = {}) {
  const { t } = useTranslation('starters');
  const say = useMessageText();
  const id = useId();
  const navigate = useNavigate();
  const createStarter = useCreateStarter();
  const editStarter = useEditStarter();
  const editing = mode === 'edit' && !!starter;
  const [photos, setPhotos] = useState<PhotoItem[]>(() =>
    editing ? keptPhotos(starter) : (initialPhotos ?? []).map(newPhotoItem),
  );
  const [photosChanged, setPhotosChanged] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const foldedFields = FOLDED_FIELDS[mode];
  const folded = !!foldedFields;
  const keepsDraft = mode === 'post' && !!draftOf;
  const [moreOpen, setMoreOpen] = useState(false);
  // Set once posted, read when the page is left: a box rather than state, nothing re-renders.
  const [posted] = useState(() => ({ current: false }));
  // What was typed here before (a failed post, a reload, a page left by mistake) comes back.
  const [startValues] = useState(() => {
    const base = { ...STARTER_FORM_DEFAULTS, ...(editing ? valuesOf(starter) : {}), ...prefill };
    const draft = keepsDraft ? readPostDraft(draftOf) : undefined;
    return { base, draft };
  });

  const form = useZodForm(createStarterSchema, {
    defaultValues: { ...startValues.base, ...startValues.draft },
    // Focus goes to the first invalid field on screen (see focusFirstInvalid), not the first registered.
    shouldFocusError: false,
  });

  useEffect(() => {
    if (!keepsDraft) return;
    const unchanged = JSON.stringify(startValues.base);
    const subscription = form.watch((values) => {
      const text = JSON.stringify({ ...startValues.base, ...values });
      saveDraft(draftOf, POST_DRAFT, text === unchanged ? '' : text);
    });
    return () => subscription.unsubscribe();
  }, [form, keepsDraft, startValues, draftOf]);

  const onError = (err: Error, failed: string) => {
    setProgress(null);
    if (err instanceof ApiError && err.fields) {
      for (const [name, message] of Object.entries(err.fields)) {
        if (name === 'image' || name === 'photoOrder') setPhotoError(message);
        // The server's field errors land on the form's fields; the others are said in the toast.
        else if ((STARTER_FORM_FIELDS as readonly string[]).includes(name)) {
          if (foldedFields?.has(name)) setMoreOpen(true);
          form.setError(name as StarterFormField, { message });
        }
      }
    }
    toastError(
      say(isNetworkError(err) ? 'Network error. Please try again.' : errorMessage(err, failed)),
      say('Error'),
    );
  };

  const onSubmit = (values: CreateStarter) => {
    const uploads = photos.flatMap((p) => (p.kind === 'new' ? [p.file] : []));
    setProgress(uploads.length ? 0 : null);
    const onProgress = (fraction: number) => setProgress(fraction);
    if (editing) {
      editStarter.mutate(
        {
          id: starter.id,
          form: starterEditFormData(values, photos, { photosChanged }),
          onProgress,
        },
        {
          onSuccess: (edited) => {
            posted.current = true;
            toast({ title: t('toast.success'), description: t('toast.updated') });
            void navigate(paths.starter.href(edited.id));
          },
          onError: (err) => onError(err, t('toast.updateFailed')),
        },
      );
      return;
    }
    createStarter.mutate(
      { form: starterFormData(values, uploads), onProgress },
      {
        onSuccess: (created) => {
          posted.current = true;
          if (keepsDraft) saveDraft(draftOf, POST_DRAFT, '');
          toast({ title: t('toast.success'), description: t('toast.posted') });
          // The listing just made, with its Share button: where a giver tells others of it.
          void navigate(paths.starter.href(created.id));
        },
        onError: (err) => onError(err, t('toast.createFailed')),
      },
    );
  };

  const focusFirstInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const first = POST_STARTER_FOCUS_ORDER.find((name) => invalid[name]);
    if (!first) return;
    if (foldedFields?.has(first) && !moreOpen) {
      setMoreOpen(true);
      requestAnimationFrame(() => form.setFocus(first));
      return;
    }
    form.setFocus(first);
  };

  const busy = createStarter.isPending || editStarter.isPending;
  const passingOn = mode === 'payItForward';

  const photoField = (
    <StarterPhotoField
      id={`${id}-photo`}
      photos={photos}
      error={photoError}
      onChange={(next, error) => {
        setPhotos(next);
        setPhotosChanged(true);
        setPhotoError(error);
      }}
    />
  );
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

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-10 lg:grid-cols-[1fr_18rem] lg:items-start">
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {editing ? t('form.titleEdit') : t('form.titleNew')}
        </h1>
        <LeaveGuard
          when={form.formState.isDirty || photosChanged || !!startValues.draft}
          done={posted}
        />
        <form
          className="mt-6 grid gap-5"
          noValidate
          onSubmit={form.handleSubmit(onSubmit, focusFirstInvalid)}
        >
          {photoField}
          {title}
          {folded ? (
            <>
              {!passingOn && <StarterTypeFields form={form} />}
              {description}
              {location}
              <details
                open={moreOpen}
                onToggle={(e) => setMoreOpen(e.currentTarget.open)}
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
                  {!passingOn && LineageFields && (
                    <LineageFields form={form} idPrefix={`${id}-lineage`} />
                  )}
                </div>
              </details>
            </>
          ) : (
            <>
              <StarterTypeFields form={form} />
              {description}
              {customDescription}
              {location}
              {culture}
              {handover}
              {LineageFields && <LineageFields form={form} idPrefix={`${id}-lineage`} />}
            </>
          )}
          {progress !== null && busy && (
            <UploadProgress id={`${id}-progress`} fraction={progress} />
          )}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to={editing ? paths.starter.href(starter.id) : paths.browse}>
                {t('form.cancel')}
              </Link>
            </Button>
            <Button type="submit" disabled={busy}>
              {editing
                ? busy
                  ? t('form.saving')
                  : t('form.save')
                : busy
                  ? t('form.posting')
                  : t('form.post')}
            </Button>
          </div>
        </form>
      </Card>
      <CommunityRulesCard />
    </div>
  );
}
