import { useTranslation } from 'react-i18next';
import { PublicModerationLog } from '../features/moderation/public-log';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  usePageTitle('moderationLog');
  const { t } = useTranslation(['common', 'moderation']);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold">{t('common:pageTitles.moderationLog')}</h1>
        <p className="mt-1 text-muted">{t('moderation:log.intro')}</p>
      </header>
      <PublicModerationLog />
    </div>
  );
}
