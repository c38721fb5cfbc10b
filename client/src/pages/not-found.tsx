import { Link, useLocation } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { Card } from '../components/ui/card';
import { usePageTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';
import { Trans, useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('notFound');
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto max-w-lg px-4 py-20">
      <Card className="p-8">
        <div className="flex items-center gap-3">
          <AlertCircle className="size-8 text-danger" aria-hidden />
          <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
        </div>
        <p className="mt-4 text-sm text-muted">
          <Trans
            t={t}
            i18nKey="notFound.text"
            values={{ path: pathname }}
            components={{ code: <code className="rounded bg-surface-muted px-1" /> }}
          />
        </p>
        <Link
          to={paths.home}
          className="mt-6 inline-flex min-h-11 items-center font-medium text-accent underline underline-offset-4"
        >
          {t('notFound.back')}
        </Link>
      </Card>
    </div>
  );
}
