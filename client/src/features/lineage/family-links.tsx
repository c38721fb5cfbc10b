import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GitBranch, Sprout } from 'lucide-react';
import type { LineageDescendant } from '../../../../common/cultures/lineage';
import type { Starter } from '../../../../common/listings/starters';
import { paths } from '../../lib/paths';
import { useLineage } from './lineage-api';

const count = (nodes: LineageDescendant[]): number =>
  nodes.reduce((n, d) => n + 1 + count(d.children), 0);

const linkClass =
  'inline-flex min-h-11 items-center rounded font-medium text-accent-hover underline-offset-2 hover:underline dark:text-accent';

/**
 * On a starter's page: the culture it descends from, and its family tree with the kitchens the
 * family has reached, once it has reached one (before, the tree's page still answers at its
 * address; the owner tells the origin on the listing's form). Its owner gets the tree's link
 * even before the listing has relatives listed here.
 */
export function FamilyLinks({ starter, isOwner }: { starter: Starter; isOwner: boolean }) {
  const { t } = useTranslation('living');
  const lineage = useLineage(starter.id).data;
  if (!lineage) return null;
  const parent = lineage.ancestors.at(-1);
  const hasFamily = !!parent || count(lineage.descendants) > 0;
  if (!hasFamily && !isOwner) return null;
  const reached = lineage.kitchens > 0;
  if (!parent && !reached) return null;
  return (
    <div className="grid gap-1.5 text-sm">
      {parent && (
        <p className="flex items-center gap-2">
          <Sprout className="size-4 shrink-0 text-sage" aria-hidden />
          <span>
            <Trans
              t={t}
              i18nKey="lineage.descendsFrom"
              values={{ title: parent.title }}
              components={{
                listing: <Link to={paths.starter.href(parent.id)} className={linkClass} />,
              }}
            />
          </span>
        </p>
      )}
      {reached && (
        <p className="flex items-center gap-2">
          <GitBranch className="size-4 shrink-0 text-sage" aria-hidden />
          <Link to={paths.starterFamily.href(starter.id)} className={linkClass}>
            {t('lineage.familyLink', { kitchens: lineage.kitchens })}
          </Link>
        </p>
      )}
    </div>
  );
}
