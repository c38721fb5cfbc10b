import { Bookmark, BookmarkCheck, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { toast, toastFailure } from '../../components/ui/toast';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useMark, useSaved } from './saved-api';

/** Save or unsave a listing, and hide it (a toast offers to undo): for signed-in non-owners. */
export function SaveHideButtons({
  starter,
}: {
  starter: Pick<Starter, 'id' | 'userId' | 'title'>;
}) {
  const { t } = useTranslation('starters');
  const { user } = useCurrentUser();
  const mine = !!user && user.id === starter.userId;
  const saved = useSaved(!!user && !mine);
  const mark = useMark();
  const navigate = useNavigate();
  if (!user || mine) return null;
  const isSaved = !!saved.data?.some((s) => s.id === starter.id);
  const failed = toastFailure(t('saved.failed'));
  const hide = () =>
    mark.mutate(
      { id: starter.id, mark: 'hidden', on: true },
      {
        onError: failed,
        onSuccess: () => {
          toast({
            title: t('saved.hiddenToast', { title: starter.title }),
            action: {
              label: t('saved.undo'),
              onClick: () => mark.mutate({ id: starter.id, mark: 'hidden', on: false }),
            },
          });
          void navigate(paths.browse);
        },
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        aria-pressed={isSaved}
        disabled={mark.isPending}
        onClick={() =>
          mark.mutate({ id: starter.id, mark: 'saved', on: !isSaved }, { onError: failed })
        }
      >
        {isSaved ? (
          <BookmarkCheck className="size-4" aria-hidden />
        ) : (
          <Bookmark className="size-4" aria-hidden />
        )}
        {isSaved ? t('saved.unsave') : t('saved.save')}
      </Button>
      <Button variant="outline" disabled={mark.isPending} onClick={hide}>
        <EyeOff className="size-4" aria-hidden />
        {t('saved.hide')}
      </Button>
    </div>
  );
}
