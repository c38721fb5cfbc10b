import { useId } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  LINEAGE_DESCENDANTS_MAX,
  type LineageDescendant,
} from '../../../../common/cultures/lineage';
import { Card } from '../../components/ui/card';
import { LoadingNote, Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import type { StarterQuery } from '../../lib/query-keys';
import { parseStarterId } from '../../lib/starter-id';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FamilyTravels } from './family-travels';
import { useLineage } from './lineage-api';
import { OriginEditor } from './origin-editor';
import { FamilyKeepers } from './family-keepers';

const linkClass =
  'rounded font-medium text-accent-hover underline-offset-2 hover:underline dark:text-accent';

function StarterLink({ id, title }: { id: number; title: string }) {
  return (
    <Link to={paths.starter.href(id)} className={linkClass}>
      {title}
    </Link>
  );
}

/** What grew from a starter: nested lists, each level under the one it grew from. */
function DescendantList({ nodes, depth = 0 }: { nodes: LineageDescendant[]; depth?: number }) {
  const { t } = useTranslation('living');
  return (
    <ul className={depth === 0 ? 'grid gap-2' : 'mt-2 grid gap-2 border-s-2 border-border ps-4'}>
      {nodes.map((n) => (
        <li key={n.id}>
          <StarterLink id={n.id} title={n.title} />
          <span className="text-sm text-muted">
            {t('lineage.descendantLine', { location: n.location, generation: n.generation })}
          </span>
          {n.children.length > 0 && <DescendantList nodes={n.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

function Gone({ title }: { title: string }) {
  const { t } = useTranslation('living');
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="p-8 text-center" role="alert">
        <h1 className="text-2xl font-bold">{title}</h1>
        <Link to={paths.browse} className={`mt-6 inline-block ${linkClass}`}>
          {t('lineage.backToBrowse')}
        </Link>
      </Card>
    </div>
  );
}

/**
 * /starter/:id/family — a culture's family tree (decision 031). `starterQuery`: the starters
 * feature's one cache entry of a starter (its owner may edit the origin), given by the page.
 */
export function FamilyTreeView<Key extends QueryKey>({
  rawId,
  starterQuery,
}: {
  rawId: string | undefined;
  starterQuery: StarterQuery<Key>;
}) {
  const { t } = useTranslation('living');
  const id = parseStarterId(rawId);
  const query = useLineage(id);
  const starter = useQuery({ ...starterQuery(id ?? 0), enabled: id !== null }).data;
  const { user } = useCurrentUser();
  const headingId = useId();
  const lineage = query.data;
  useDocumentTitle(
    lineage ? t('lineage.title', { title: lineage.starter.title }) : t('lineage.titleShort'),
  );

  if (id === null) return <Gone title={t('lineage.invalidId')} />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return <Gone title={t(gone ? 'lineage.gone' : 'lineage.loadFailed')} />;
  }
  if (!lineage) {
    return (
      <div className="mx-auto grid max-w-4xl gap-4 px-4 py-10" aria-busy="true">
        <LoadingNote>{t('lineage.loading')}</LoadingNote>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  const self = lineage.starter;
  const origin = lineage.origin;
  const isOwner = !!user && !!starter && starter.userId === user.id;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:py-10">
      <Link
        to={paths.starter.href(self.id)}
        className={`inline-flex items-center gap-1.5 text-sm ${linkClass}`}
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('lineage.backTo', { title: self.title })}
      </Link>
      <div>
        <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">
          {t('lineage.title', { title: self.title })}
        </h1>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-lg">
          <div className="flex gap-2">
            <dt className="text-muted">{t('lineage.kitchens')}</dt>
            <dd className="font-semibold">{lineage.kitchens}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-muted">{t('lineage.generations')}</dt>
            <dd className="font-semibold">{lineage.generations}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-muted">{t('lineage.thisGeneration')}</dt>
            <dd className="font-semibold">{self.generation}</dd>
          </div>
        </dl>
      </div>

      {origin && (
        <Card className="grid gap-2 p-5" role="group" aria-labelledby={`${headingId}-origin`}>
          <h2 id={`${headingId}-origin`} className="font-semibold">
            {t('lineage.began')}
            {origin.bornYear !== null && (
              <span className="font-normal text-muted">
                {t('lineage.born', { year: origin.bornYear })}
              </span>
            )}
          </h2>
          {origin.originStory && (
            <p className="leading-relaxed whitespace-pre-line wrap-anywhere">
              {origin.originStory}
            </p>
          )}
          {origin.starterId !== self.id && (
            <p className="text-sm text-muted">
              <Trans
                t={t}
                i18nKey="lineage.toldWith"
                values={{ title: origin.title }}
                components={{ listing: <StarterLink id={origin.starterId} title={origin.title} /> }}
              />
            </p>
          )}
        </Card>
      )}

      <section aria-labelledby={`${headingId}-line`} className="grid gap-3">
        <h2 id={`${headingId}-line`} className="text-xl font-semibold">
          {t('lineage.line')}
        </h2>
        {lineage.ancestors.length === 0 ? (
          <p className="text-muted">
            {t(self.generation === 1 ? 'lineage.firstShared' : 'lineage.beforeGone')}
          </p>
        ) : (
          <ol className="grid gap-2">
            {lineage.ancestors.map((a, i) => (
              <li key={a.id}>
                <span className="text-sm text-muted">
                  {t(
                    i === 0 && a.generation === 1
                      ? 'lineage.generationFirst'
                      : 'lineage.generation',
                    {
                      generation: a.generation,
                    },
                  )}{' '}
                </span>
                <StarterLink id={a.id} title={a.title} />
                <span className="text-sm text-muted"> · {a.location}</span>
              </li>
            ))}
            <li aria-current="page">
              <span className="text-sm text-muted">
                {t('lineage.generation', { generation: self.generation })}{' '}
              </span>
              <span className="font-semibold">{self.title}</span>
              <span className="text-sm text-muted">
                {t('lineage.thisOne', { location: self.location })}
              </span>
            </li>
          </ol>
        )}
      </section>

      <section aria-labelledby={`${headingId}-tree`} className="grid gap-3">
        <h2 id={`${headingId}-tree`} className="text-xl font-semibold">
          {t('lineage.grown')}
        </h2>
        {lineage.descendants.length === 0 ? (
          <p className="text-muted">{t('lineage.noDescendants')}</p>
        ) : (
          <nav aria-label={t('lineage.descendants')}>
            <DescendantList nodes={lineage.descendants} />
          </nav>
        )}
        {lineage.descendantsCapped && (
          <p className="text-sm text-muted">
            {t('lineage.capped', { max: LINEAGE_DESCENDANTS_MAX })}
          </p>
        )}
      </section>

      <FamilyKeepers starterId={self.id} />

      <FamilyTravels lineage={lineage} level={2} />

      {isOwner && starter && <OriginEditor starter={starter} />}
    </div>
  );
}
