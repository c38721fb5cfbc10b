import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreateStarterInput, Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LeaveGuard } from '../../components/ui/leave-guard';
import { paths } from '../../lib/paths';
import { CommunityRulesCard } from './community-rules-card';
import { POST_STARTER_FOCUS_ORDER } from './post-starter-values';
import { FOLDED_FIELDS, type LineageFieldsSlot, type StarterFormMode } from './starter-form-mode';
import { StarterFormSections } from './starter-form-sections';
import {
  newPhotoItem,
  StarterPhotoField,
  UploadProgress,
  type PhotoItem,
} from './starter-photo-field';
import { useStarterFormValues } from './use-starter-form-values';
import { useStarterSubmit } from './use-starter-submit';

export type { LineageFieldsSlot, StarterFormMode } from './starter-form-mode';

const keptPhotos = (starter: Starter): PhotoItem[] =>
  (starter.photos ?? []).map((photo) => ({
    key: photo.id,
    kind: 'kept',
    id: photo.id,
    src: photo.thumbnailPath,
  }));

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
  const id = useId();
  const edited = mode === 'edit' ? starter : undefined;
  const [photos, setPhotos] = useState<PhotoItem[]>(() =>
    edited ? keptPhotos(edited) : (initialPhotos ?? []).map(newPhotoItem),
  );
  const [photosChanged, setPhotosChanged] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const foldedFields = FOLDED_FIELDS[mode];
  const [moreOpen, setMoreOpen] = useState(false);
  const keptDraftOf = mode === 'post' ? draftOf : undefined;
  const { form, hadDraft } = useStarterFormValues({ prefill, edited, draftOf: keptDraftOf });
  const { onSubmit, progress, posted, busy } = useStarterSubmit({
    form,
    edited,
    photos,
    photosChanged,
    folded: foldedFields,
    onFoldedError: () => setMoreOpen(true),
    onPhotoError: setPhotoError,
    draftOf: keptDraftOf,
  });

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
  const submitLabel = edited
    ? t(busy ? 'form.saving' : 'form.save')
    : t(busy ? 'form.posting' : 'form.post');

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-10 lg:grid-cols-[1fr_18rem] lg:items-start">
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {edited ? t('form.titleEdit') : t('form.titleNew')}
        </h1>
        <LeaveGuard when={form.formState.isDirty || photosChanged || hadDraft} done={posted} />
        <form
          className="mt-6 grid gap-5"
          noValidate
          onSubmit={form.handleSubmit(onSubmit, focusFirstInvalid)}
        >
          <StarterFormSections
            form={form}
            idPrefix={id}
            mode={mode}
            editing={!!edited}
            photoField={photoField}
            LineageFields={LineageFields}
            moreOpen={moreOpen}
            onMoreOpen={setMoreOpen}
          />
          {progress !== null && busy && (
            <UploadProgress id={`${id}-progress`} fraction={progress} />
          )}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to={edited ? paths.starter.href(edited.id) : paths.browse}>
                {t('form.cancel')}
              </Link>
            </Button>
            <Button type="submit" disabled={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </Card>
      <CommunityRulesCard />
    </div>
  );
}
