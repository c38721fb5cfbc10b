import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeetSummary } from '../../../../common/listings/meets';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';
import { useDistanceText } from '../../lib/unit-system';
import { MeetWhenWhere } from './meet-when-where';
import { useMeetsNear } from './meets-api';

/** One meet in a list: its title links to its page. */
export function MeetItem({ meet }: { meet: MeetSummary }) {
  const { t } = useTranslation('pages');
  const distanceText = useDistanceText();
  return (
    <Card className="grid gap-1 p-4">
      <h3 className="text-lg font-semibold">
        <Link to={paths.meet.href(meet.id)} className="underline-offset-4 hover:underline">
          {meet.title}
        </Link>
      </h3>
      <MeetWhenWhere
        meet={meet}
        where={t('meets.placeDistance', {
          place: meet.place,
          distance: distanceText(meet.distanceKm),
        })}
        small
      />
      <p className="text-sm text-muted-foreground">
        {t('meets.counts', { coming: meet.coming, portions: meet.portions })}
      </p>
    </Card>
  );
}

/** The meets not over yet near `near`, soonest first. */
export function MeetList({ near }: { near: string }) {
  const { t } = useTranslation('pages');
  const meets = useMeetsNear(near);
  if (!near) return <p>{t('meets.choosePlace')}</p>;
  if (meets.isPending) return <p role="status">{t('meets.loading')}</p>;
  if (meets.isError) return <p role="alert">{t('meets.failed')}</p>;
  if (meets.data.length === 0) return <p>{t('meets.none', { place: near })}</p>;
  return (
    <ul className="grid gap-3" aria-label={t('meets.listLabel', { place: near })}>
      {meets.data.map((meet) => (
        <li key={meet.id}>
          <MeetItem meet={meet} />
        </li>
      ))}
    </ul>
  );
}

/** The home page's card: the soonest meet near the member, when there is one. */
export function NearbyMeetCard({ place }: { place: string | null | undefined }) {
  const { t } = useTranslation('pages');
  const meets = useMeetsNear(place);
  const next = meets.data?.[0];
  if (!place || !next) return null;
  return (
    <section aria-labelledby="nearby-meet" className="grid gap-2">
      <h2 id="nearby-meet" className="text-xl font-semibold">
        {t('meets.nearYou')}
      </h2>
      <MeetItem meet={next} />
      <Link to={paths.meets} className="text-sm text-accent underline-offset-4 hover:underline">
        {t('meets.all')}
      </Link>
    </section>
  );
}
