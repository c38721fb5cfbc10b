import { Link } from 'react-router';
import { Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Starter } from '../../../common/listings/starters';
import { useMyHandovers } from '../features/handovers/handovers-api';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';

/**
 * Under the care card's "Throw it away if you see": a member who received this culture asks
 * its giver with a photo (the thread opens with the photo button ready); anyone else learns
 * when they can. The owner, who gave it, sees nothing here.
 */
export function AskGiverWithPhoto({ starter }: { starter: Pick<Starter, 'id' | 'user'> }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const isOwner = !!user && user.id === starter.user?.id;
  const mine = useMyHandovers(!!user && !isOwner);
  if (isOwner) return null;
  const received = mine.data?.received.find(
    (h) => h.starter.id === starter.id && h.status !== 'not_received',
  );
  if (received) {
    return (
      <p>
        <Link
          to={`${paths.conversation.href(starter.id, received.giver.id)}&photo=1`}
          className="tap relative inline-flex items-center gap-1.5 font-medium text-accent-hover underline dark:text-accent"
        >
          <Camera className="size-4" aria-hidden />
          {t('askGiverPhoto.link')}
        </Link>
      </p>
    );
  }
  return <p className="text-muted">{t('askGiverPhoto.later')}</p>;
}
