import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GitBranch } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';
import { FamilyTravels } from './family-travels';
import { useLineage } from './lineage-api';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded font-medium text-accent-hover underline-offset-2 hover:underline dark:text-accent';

/**
 * A culture's family in short, for a page about one jar of it: where it began (the first
 * sharer's story and year, when told), a link to the family tree with the kitchens reached
 * (once it has reached one), and the family's map with its places. Nothing when the family is not public.
 */
export function FamilySummary({ starterId }: { starterId: number }) {
  const { t } = useTranslation('living');
  const headingId = useId();
  const lineage = useLineage(starterId).data;
  if (!lineage) return null;
  const origin = lineage.origin;
  return (
    <Card className="grid gap-2 p-5" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        {origin ? t('lineage.began') : t('lineage.titleShort')}
        {origin?.bornYear != null && t('lineage.born', { year: origin.bornYear })}
      </h2>
      {origin?.originStory && <p className="whitespace-pre-line">{origin.originStory}</p>}
      {lineage.kitchens > 0 && (
        <Link to={paths.starterFamily.href(starterId)} className={linkClass}>
          <GitBranch className="size-4 shrink-0 text-sage" aria-hidden />
          {t('lineage.familyLink', { kitchens: lineage.kitchens })}
        </Link>
      )}
      <FamilyTravels lineage={lineage} level={3} />
    </Card>
  );
}
