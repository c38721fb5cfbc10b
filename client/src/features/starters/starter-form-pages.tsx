import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Starter } from '../../../../common/listings/starters';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { starterKeys } from '../../lib/query-keys';
import { parseStarterId } from '../../lib/starter-id';
import { usePageTitle } from '../../lib/use-document-title';
import { PostStarterForm, type LineageFieldsSlot } from './post-starter-form';
import { valuesOf } from './post-starter-values';
import { useStarter } from './starters-api';

function Problem({ title, starterId }: { title: string; starterId?: number }) {
  const { t } = useTranslation('starters');
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="grid gap-6 p-8 text-center" role="alert">
        <h1 className="text-2xl font-bold">{title}</h1>
        <Link
          to={starterId ? paths.starter.href(starterId) : paths.browse}
          className="inline-flex min-h-11 items-center justify-center font-medium text-accent-hover hover:underline dark:text-accent"
        >
          {starterId ? t('detail.backToStarter') : t('detail.backToBrowse')}
        </Link>
      </Card>
    </div>
  );
}

const Loading = ({ children }: { children: string }) => (
  <p role="status" className="sr-only">
    {children}
  </p>
);

/** The member's own listing, or what to show instead (loading, gone, not theirs). */
function useOwnStarter(rawId: string | undefined) {
  const id = parseStarterId(rawId);
  const query = useStarter(id);
  const { user, isLoading } = useCurrentUser();
  const { t } = useTranslation('starters');
  if (id === null) return { problem: <Problem title={t('detail.invalidId')} /> };
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return {
      problem: <Problem title={gone ? t('detail.gone') : t('detail.failed')} />,
    };
  }
  if (!query.data || isLoading) return { problem: <Loading>{t('detail.loading')}</Loading> };
  if (!user || user.id !== query.data.userId) {
    return {
      problem: <Problem title={t('detail.notOwner')} starterId={id} />,
    };
  }
  return { starter: query.data };
}

/** /starter/:id/edit: the owner changes every field and the photos of their listing. */
export function EditStarterForm({
  rawId,
  LineageFields,
}: {
  rawId: string | undefined;
  LineageFields?: LineageFieldsSlot;
}) {
  usePageTitle('editStarter');
  const { starter, problem } = useOwnStarter(rawId);
  if (!starter) return problem;
  return (
    <PostStarterForm key={starter.id} mode="edit" starter={starter} LineageFields={LineageFields} />
  );
}

/** A listing's photos as files, cover first, so posting it again sends them anew. */
async function photoFiles(starter: Starter, signal: AbortSignal): Promise<File[]> {
  const files: File[] = [];
  for (const [index, photo] of (starter.photos ?? []).entries()) {
    const res = await fetch(photo.imagePath, { credentials: 'same-origin', signal });
    if (!res.ok) continue;
    const blob = await res.blob();
    files.push(new File([blob], `photo-${index + 1}.webp`, { type: blob.type || 'image/webp' }));
  }
  return files;
}

/**
 * /post?again=<id> ("Post Again"): a new listing filled in from one of the member's own, its
 * photos included; posting lands on the new listing.
 */
export function PostAgainForm({
  rawId,
  LineageFields,
}: {
  rawId: string;
  LineageFields?: LineageFieldsSlot;
}) {
  const { t } = useTranslation('starters');
  const { starter, problem } = useOwnStarter(rawId);
  const files = useQuery({
    queryKey: starterKeys.photoFiles(starter?.id ?? 0),
    queryFn: ({ signal }) => photoFiles(starter!, signal),
    enabled: !!starter,
    staleTime: Infinity,
    retry: false,
  });
  if (!starter) return problem;
  if (files.isPending) return <Loading>{t('detail.loadingPhotos')}</Loading>;
  return (
    <PostStarterForm
      key={starter.id}
      mode="repost"
      prefill={valuesForAgain(starter)}
      initialPhotos={files.data ?? []}
      LineageFields={LineageFields}
    />
  );
}

/** Everything of the listing but its dates: a new stretch, fed when the member says so. */
function valuesForAgain(starter: Starter) {
  const values = valuesOf(starter);
  return { ...values, lastFedAt: '' };
}
