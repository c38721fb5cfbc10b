import { useTranslation } from 'react-i18next';
import { SignInRequired } from '../features/account/auth/sign-in-required';
import { NoticesPanel } from '../features/handovers/notices-panel';
import { NotificationCentre } from '../features/notifications/notification-centre';
import { PushOptIn } from '../features/account/push-settings';
import { useCurrentUser } from '../lib/current-user';
import { usePageTitle } from '../lib/use-document-title';

/** The notification centre: what needs an answer first, then everything the member was told. */
export default function Page() {
  const { t } = useTranslation('conversations');
  usePageTitle('notifications');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('pages.notificationsSignIn')} />;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="font-display text-2xl font-bold">{t('pages.notifications')}</h1>
      <PushOptIn />
      <NoticesPanel />
      <NotificationCentre />
    </div>
  );
}
