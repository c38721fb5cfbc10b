import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataExportDownload } from '../features/account/data-export-download';
import { AuthCard } from '../features/account/auth/auth-card';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  const { t } = useTranslation('account');
  usePageTitle('dataExport');
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('export.title')} intro={t('export.intro')}>
      <DataExportDownload token={params.get('token') ?? ''} />
    </AuthCard>
  );
}
