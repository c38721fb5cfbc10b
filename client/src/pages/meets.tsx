import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/inputs';
import { MeetList } from '../features/meets/meet-list';
import { PlacePicker } from '../features/starters/place-picker';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';

/** /meets — swap meets near a place: the member's own unless another is picked. */
export default function Page() {
  const { t } = useTranslation('pages');
  usePageTitle('meets');
  const id = useId();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const near = params.get('near') ?? user?.place ?? '';
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('meets.heading')}</h1>
        {user && (
          <Button asChild>
            <Link to={paths.newMeet}>{t('meets.plan')}</Link>
          </Button>
        )}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-near`}>{t('meets.near')}</Label>
        <PlacePicker
          id={`${id}-near`}
          labelled
          value={near}
          onChange={(place) => setParams(place ? { near: place } : {}, { replace: true })}
        />
      </div>
      <MeetList near={near} />
    </div>
  );
}
