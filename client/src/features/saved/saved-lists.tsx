import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toastFailure } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { useHidden, useMark, useSaved, type Mark } from './saved-api';

/** One of the member's lists: each listing links to its page, with a button to take it off. */
function MarkedList({
  mark,
  items,
  isPending,
  isError,
}: {
  mark: Mark;
  items: Starter[] | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  const { t } = useTranslation('starters');
  const change = useMark();
  const headingId = `${mark}-listings`;
  return (
    <Card className="grid gap-3 p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {t(`saved.${mark}Heading`)}
      </h2>
      {isPending ? (
        <p role="status">{t('saved.loading')}</p>
      ) : isError ? (
        <p role="alert">{t('saved.loadFailed')}</p>
      ) : !items?.length ? (
        <p className="text-muted">{t(`saved.${mark}None`)}</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-2">
          {items.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-3 border-b border-border pb-2"
            >
              <Link
                to={paths.starter.href(s.id)}
                className="min-w-0 flex-1 wrap-anywhere underline"
              >
                {s.title}
              </Link>
              <Button
                variant="outline"
                size="sm"
                aria-label={t(`saved.${mark}Remove`, { title: s.title })}
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(
                    { id: s.id, mark, on: false },
                    { onError: toastFailure(t('saved.failed')) },
                  )
                }
              >
                {t(`saved.${mark}RemoveShort`)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The profile's Saved list. */
export function SavedListings() {
  const q = useSaved();
  return <MarkedList mark="saved" items={q.data} isPending={q.isPending} isError={q.isError} />;
}

/** The profile's Hidden list, each with its undo. */
export function HiddenListings() {
  const q = useHidden();
  return <MarkedList mark="hidden" items={q.data} isPending={q.isPending} isError={q.isError} />;
}
