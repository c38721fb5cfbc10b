import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../lib/paths';
import { useMyTrust } from './trust-api';

/**
 * "Your trust level" (decision 164): the level the member's own record earned, what it lets
 * them do, and what would raise it, each step with how far along they are.
 */
export function TrustLevel() {
  const { t } = useTranslation('account');
  const trust = useMyTrust();
  if (trust.isLoading) return <Skeleton className="h-32" />;
  if (trust.isError || !trust.data) return null;
  const { level, allows, raise, setByModerator, mayReview } = trust.data;
  return (
    <Card className="grid gap-3 p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 text-primary" aria-hidden />
        {t('trust.title')}
      </h2>
      <p className="font-medium">{t('trust.current', { level })}</p>
      <div>
        <h3 className="text-sm font-semibold">{t('trust.allowsTitle')}</h3>
        <ul className="mt-1 list-disc ps-5 text-sm text-muted">
          {allows.map((what) => (
            <li key={what}>{t(`trust.allows.${what}`, { defaultValue: what })}</li>
          ))}
        </ul>
      </div>
      {setByModerator ? (
        <p className="text-sm text-muted">{t('trust.setByModerator')}</p>
      ) : raise.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">{t('trust.raiseTitle')}</h3>
          <ul className="mt-1 list-disc ps-5 text-sm text-muted">
            {raise.map((step) => (
              <li key={step.code}>
                {t(`trust.steps.${step.code}`, { have: step.have, need: step.need })}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted">{t('trust.top')}</p>
      )}
      {mayReview && (
        <Link to={paths.review} className="inline-flex min-h-11 items-center font-medium underline">
          {t('trust.reviewLink')}
        </Link>
      )}
    </Card>
  );
}
