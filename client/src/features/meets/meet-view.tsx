import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import type { Meet } from '../../../../common/listings/meets';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label, NativeSelect } from '../../components/ui/inputs';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { signInHref } from '../../lib/sign-in-return';
import { MeetWhenWhere } from './meet-when-where';
import { useBring, useComing, useMeet, useMyListings } from './meets-api';

/** A meet's page: when and where, who brings what, "I'm coming", and afterwards its reach. */
export function MeetView({ id }: { id: number }) {
  const { t } = useTranslation('pages');
  const say = useMessageText();
  const meet = useMeet(id);
  if (meet.isPending) return <p role="status">{t('meets.loading')}</p>;
  if (meet.isError) {
    const missing = meet.error instanceof ApiError && meet.error.status === 404;
    return (
      <p role="alert">
        {missing ? t('meets.notFound') : say(errorMessage(meet.error, t('meets.failed')))}
      </p>
    );
  }
  const m = meet.data;
  return (
    <div className="grid gap-6">
      <Card className="grid gap-2 p-4 sm:p-6">
        <h1 className="text-2xl font-bold">{m.title}</h1>
        <MeetWhenWhere meet={m} where={m.place} />
        <p className="text-sm text-muted-foreground">{t('meets.host', { name: m.hostName })}</p>
        {m.description && <p className="whitespace-pre-line">{m.description}</p>}
        {!m.over && <ComingPart meet={m} />}
      </Card>
      {m.reach && <ReachPart meet={m} />}
      <BroughtPart meet={m} />
    </div>
  );
}

function ComingPart({ meet }: { meet: Meet }) {
  const { t } = useTranslation('pages');
  const say = useMessageText();
  const { user } = useCurrentUser();
  const coming = useComing(meet.id);
  if (!user) {
    return (
      <Button asChild variant="outline" className="justify-self-start">
        <Link to={signInHref(paths.meet.href(meet.id))}>{t('meets.signInToCome')}</Link>
      </Button>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="flex items-center gap-2" role="status">
        <Users className="size-4" aria-hidden />
        {meet.comingByMe
          ? t('meets.youAreComing', { count: meet.coming })
          : t('meets.comingCount', { count: meet.coming })}
      </p>
      <Button
        variant={meet.comingByMe ? 'outline' : 'primary'}
        className="justify-self-start"
        disabled={coming.isPending}
        aria-pressed={meet.comingByMe}
        onClick={() => coming.mutate(!meet.comingByMe)}
      >
        {t('meets.imComing')}
      </Button>
      {coming.isError && (
        <p role="alert" className="text-sm text-danger">
          {say(errorMessage(coming.error, t('meets.failed')))}
        </p>
      )}
    </div>
  );
}

function ReachPart({ meet }: { meet: Meet }) {
  const { t } = useTranslation('pages');
  const reach = meet.reach!;
  return (
    <Card className="grid gap-2 p-4 sm:p-6">
      <h2 className="text-xl font-semibold">
        {meet.over ? t('meets.reached') : t('meets.reachingSoFar')}
      </h2>
      <p>{t('meets.kitchens', { count: reach.kitchens })}</p>
      {reach.families.length > 0 && (
        <>
          <p>{t('meets.families', { count: reach.families.length })}</p>
          <ul className="list-disc ps-6">
            {reach.families.map((f) => (
              <li key={f.starterId}>
                <Link
                  to={paths.starterFamily.href(f.starterId)}
                  className="underline underline-offset-4"
                >
                  {f.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function BroughtPart({ meet }: { meet: Meet }) {
  const { t } = useTranslation('pages');
  const { user } = useCurrentUser();
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <h2 className="text-xl font-semibold">{t('meets.brought')}</h2>
      {meet.brought.length === 0 ? (
        <p>{t('meets.nothingBrought')}</p>
      ) : (
        <ul className="grid gap-1">
          {meet.brought.map((b) => (
            <li key={b.starterId}>
              <Link to={paths.starter.href(b.starterId)} className="underline underline-offset-4">
                {b.title}
              </Link>{' '}
              {t('meets.broughtBy', { name: b.giverName, count: b.portions })}
            </li>
          ))}
        </ul>
      )}
      {user && !meet.over && <BringForm meet={meet} />}
    </Card>
  );
}

/** "I'll bring": one of the member's open listings and how many portions. */
function BringForm({ meet }: { meet: Meet }) {
  const { t } = useTranslation('pages');
  const say = useMessageText();
  const id = useId();
  const listings = (useMyListings(true).data ?? []).filter((s) => s.isActive && s.portionsLeft > 0);
  const bring = useBring(meet.id);
  const [starterId, setStarterId] = useState('');
  const [portions, setPortions] = useState('1');
  if (listings.length === 0) return <p className="text-sm">{t('meets.noListingToBring')}</p>;
  const chosen = starterId || String(listings[0]!.id);
  return (
    <form
      className="grid gap-3 border-t border-border pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        bring.mutate({ starterId: Number(chosen), portions: Number(portions) });
      }}
    >
      <h3 className="font-semibold">{t('meets.bringTitle')}</h3>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-listing`}>{t('meets.bringListing')}</Label>
        <NativeSelect
          id={`${id}-listing`}
          value={chosen}
          onChange={(e) => setStarterId(e.target.value)}
        >
          {listings.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-portions`}>{t('meets.bringPortions')}</Label>
        <Input
          id={`${id}-portions`}
          type="number"
          min={1}
          inputMode="numeric"
          value={portions}
          onChange={(e) => setPortions(e.target.value)}
        />
      </div>
      {bring.isError && (
        <p role="alert" className="text-sm text-danger">
          {say(errorMessage(bring.error, t('meets.failed')))}
        </p>
      )}
      {bring.isSuccess && <p role="status">{t('meets.bringSaved')}</p>}
      <Button type="submit" disabled={bring.isPending} className="justify-self-start">
        {t('meets.bringSubmit')}
      </Button>
    </form>
  );
}
