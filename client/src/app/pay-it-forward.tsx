import { HeartHandshake, Info } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { ownerName } from '../../../common/members/display';
import type { ReceivedCulture } from '../../../common/cultures/lineage';
import type { CreateStarterInput } from '../../../common/listings/starters';
import { useReceivedCulture } from '../features/lineage/lineage-api';
import { LineageFields, prefillFrom } from '../features/lineage/lineage-fields';
import {
  PostStarterForm as StarterForm,
  type StarterFormMode,
} from '../features/starters/post-starter-form';
import { EditStarterForm, PostAgainForm } from '../features/starters/starter-form-pages';
import { useCurrentUser } from '../lib/current-user';

/** The starters feature's form with the lineage feature's "Where it comes from" in it. */
function PostStarterForm({
  prefill,
  mode,
  draftOf,
}: {
  prefill?: Partial<CreateStarterInput>;
  mode?: StarterFormMode;
  draftOf?: string;
}) {
  return (
    <StarterForm prefill={prefill} mode={mode} LineageFields={LineageFields} draftOf={draftOf} />
  );
}

function Notice({ children, icon }: { children: React.ReactNode; icon: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 pt-6 sm:pt-8">
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl bg-sage-soft p-4 text-sm text-text"
      >
        {icon}
        <span>{children}</span>
      </p>
    </div>
  );
}

/**
 * What passing a culture on can fill in: what the lineage feature knows of the culture (its
 * type, form, the giver's notes, its parent) and the member's own place from their profile.
 */
export function payItForwardPrefill(
  culture: ReceivedCulture,
  profileLocation: string | null | undefined,
): Partial<CreateStarterInput> {
  return { ...prefillFrom(culture), location: profileLocation ?? '' };
}

/**
 * /post, or /post?from=<handoverId>: the form filled in from a culture the member received here
 * (its type, form, the giver's care notes, its parent and the member's place), the known parts
 * folded away, so passing it on asks only for a photo and a few words. A hand-over that is not
 * theirs opens the empty form with a polite notice.
 */
export function PostStarterFromHandover({ from }: { from: string | null }) {
  const { t } = useTranslation('living');
  const handoverId = from !== null && /^\d{1,9}$/.test(from) ? Number(from) : null;
  const received = useReceivedCulture(handoverId);
  const { user, isLoading } = useCurrentUser();
  // The member's place from their profile: most gifts are given where the giver lives.
  const ownPlace = { location: user?.location ?? '' };
  // Drawn once the member is known: their place and their draft are its starting values.
  if (from === null)
    return isLoading ? null : <PostStarterForm prefill={ownPlace} draftOf={user?.id} />;
  if ((handoverId !== null && received.isPending) || isLoading) {
    return (
      <p role="status" className="sr-only">
        {t('payItForward.loading')}
      </p>
    );
  }
  if (received.data) {
    const culture = received.data;
    return (
      <>
        <Notice icon={<HeartHandshake className="mt-0.5 size-4 shrink-0 text-sage" aria-hidden />}>
          <Trans
            t={t}
            i18nKey="payItForward.passingOn"
            values={{ title: culture.title, giver: ownerName(culture.giver) }}
            components={{ strong: <strong /> }}
          />
        </Notice>
        <PostStarterForm
          key={culture.handoverId}
          mode="payItForward"
          prefill={payItForwardPrefill(culture, user?.location)}
        />
      </>
    );
  }
  return (
    <>
      <Notice icon={<Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />}>
        {t('payItForward.notFound')}
      </Notice>
      <PostStarterForm prefill={ownPlace} draftOf={user?.id} />
    </>
  );
}

/** /post?again=<starterId>: one of the member's claimed listings posted again, filled in. */
export function PostAgain({ starterId }: { starterId: string }) {
  return <PostAgainForm rawId={starterId} LineageFields={LineageFields} />;
}

/** /starter/:id/edit with the lineage feature's fields in the form. */
export function EditStarter({ rawId }: { rawId: string | undefined }) {
  return <EditStarterForm rawId={rawId} LineageFields={LineageFields} />;
}
