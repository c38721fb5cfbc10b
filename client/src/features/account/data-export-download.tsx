import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MutationButton } from '../../components/ui/mutation-button';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { useDownloadExport } from './account-api';

/**
 * The mailed export link's page: one button downloads the zip. Opening the link alone
 * spends nothing, so a mail scanner that follows it leaves the download to the member.
 */
export function DataExportDownload({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const download = useDownloadExport();
  const [status, setStatus] = useState<string>();
  if (!token) {
    return <p role="alert">{t('export.incomplete')}</p>;
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm">{t('export.ready')}</p>
      <MutationButton
        size="lg"
        className="w-full"
        mutation={download}
        variables={token}
        outcome={{
          onSuccess: (name) => setStatus(t('export.saved', { name })),
          onError: (err) => setStatus(say(errorMessage(err, t('export.failed')))),
        }}
      >
        <Download className="size-4" aria-hidden />
        {download.isPending ? t('export.preparing') : t('export.download')}
      </MutationButton>
      <p role="status" className="text-sm wrap-anywhere">
        {status}
      </p>
    </div>
  );
}
