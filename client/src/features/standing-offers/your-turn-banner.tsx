import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { whenLocal } from './offer-text';
import { useMyTurns } from './standing-offers-api';

/**
 * Under the header on every page while a member has a standing offer to answer: the turn
 * reaches them wherever they are, and goes once they accept or decline (or it runs out).
 */
export function YourTurnBanner({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('living');
  const { data: turns } = useMyTurns(signedIn);
  if (!signedIn || !turns?.length) return null;
  return (
    <aside
      aria-label={t('offers.turnBanner.label')}
      className="border-b border-border bg-accent-soft px-4 py-3"
    >
      <ul className="mx-auto grid max-w-6xl gap-2">
        {turns.map((turn) => (
          <li
            key={turn.offerId}
            className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm">
              <Trans
                t={t}
                i18nKey="offers.turnBanner.text"
                values={{ title: turn.title, when: whenLocal(turn.answerBy) }}
                components={{ strong: <span className="font-semibold" /> }}
              />
            </p>
            <Button asChild size="sm" className="min-h-11 self-start sm:self-auto">
              <Link to={paths.starter.href(turn.starterId)}>{t('offers.turnBanner.answer')}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
