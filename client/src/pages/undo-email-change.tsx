import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/account/auth/auth-card';
import { useUndoEmailChange } from '../features/account/auth/auth-api';
import { MailedLinkAction } from '../features/account/auth/mailed-link-action';
import { useMessageText } from '../lib/message-text';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  usePageTitle('undoEmailChange');
  const { t } = useTranslation('auth');
  const say = useMessageText();
  const [params] = useSearchParams();
  const undo = useUndoEmailChange();
  return (
    <AuthCard title={t('undoEmailChange.title')} intro={t('undoEmailChange.intro')}>
      <MailedLinkAction
        token={params.get('token') ?? ''}
        explain={t('undoEmailChange.explain')}
        label={t('undoEmailChange.submit')}
        busyLabel={t('undoEmailChange.busy')}
        action={undo}
        done={
          undo.isSuccess ? (
            <>
              <p>{say(undo.data.message)}</p>
              <Link
                to={paths.forgotPassword}
                className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
              >
                {t('undoEmailChange.newPassword')}
              </Link>
            </>
          ) : null
        }
      />
    </AuthCard>
  );
}
