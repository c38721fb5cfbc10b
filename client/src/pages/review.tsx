import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { ReviewQueue } from '../features/review/review-queue';
import { useCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';

/** /review: held items near a trusted member, for their verdict (decision 165). */
export default function Page() {
  const { t } = useTranslation('moderation');
  usePageTitle('review');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('review.signIn')} />;
  const mayReview = user.trustLevel === 'trusted' || user.isModerator;
  return (
    <div className="mx-auto grid max-w-2xl min-w-0 gap-6 px-4 py-8">
      <div>
        <h1 className="font-display text-2xl font-bold">{t('review.title')}</h1>
        <p className="mt-1 text-muted">{t('review.intro')}</p>
      </div>
      {mayReview ? (
        <ReviewQueue />
      ) : (
        <p>
          <Link to={`${paths.settings}#trust`} className="underline">
            {t('review.notAllowed')}
          </Link>
        </p>
      )}
    </div>
  );
}
