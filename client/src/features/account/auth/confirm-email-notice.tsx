import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast, toastError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useResendConfirmation } from './auth-api';

/** What the member cannot do before confirming: each has its own sentence in the catalogue. */
export type NoticeAction = 'sendMessages';

/**
 * Said before a member who has not confirmed their address starts something the server will
 * refuse them (a first message), rather than a red toast after they wrote it. The new link
 * carries `next`, so confirming it brings them back here.
 */
export function ConfirmEmailNotice({ action, next }: { action: NoticeAction; next: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendConfirmation();
  const onResend = async () => {
    try {
      const notice = await resend.mutateAsync({ next });
      toast({ title: t('emailNotice.sent'), description: notice.message });
    } catch (err) {
      toastError(errorMessage(err, t('emailNotice.tryAgain')), t('emailNotice.failed'));
    }
  };
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl bg-accent-soft p-3 text-sm">
      <MailCheck
        className="mt-0.5 size-5 shrink-0 text-accent-hover dark:text-accent"
        aria-hidden
      />
      <p>
        {t(`emailNotice.${action}`)}{' '}
        <Button
          type="button"
          variant="link"
          className="h-auto min-h-11 px-0 align-baseline text-accent-hover underline dark:text-accent"
          onClick={onResend}
          disabled={resend.isPending}
        >
          {resend.isPending ? t('emailNotice.sending') : t('emailNotice.resend')}
        </Button>
      </p>
    </div>
  );
}
