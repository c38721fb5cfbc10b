import { useState } from 'react';
import { Link } from 'react-router';
import { passwordResetRequestSchema } from '../../../../../common/members/auth';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/ui/account-fields';
import { paths } from '../../../lib/paths';
import { textLinkClass } from '../../../lib/page-links';
import { submitWith, useZodForm } from '../../../lib/use-zod-form';
import { useRequestPasswordReset } from './auth-api';
import { AuthAside } from './auth-card';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/message-text';

/** /forgot-password: asks for the address and says the same whatever it is. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const { t } = useTranslation('auth');
  const say = useMessageText();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: '' } });

  const onSubmit = submitWith(form, request.mutateAsync, {
    fields: ['email'],
    failure: t('forgot.couldNotSend'),
    onSuccess: (notice) => setSent(notice.message),
  });

  if (sent) {
    return (
      <div className="grid gap-4 text-center" role="status">
        <p>{say(sent)}</p>
        <p className="text-sm text-muted">{t('forgot.nothingArrived')}</p>
        <Link to={paths.login} className={textLinkClass}>
          {t('forgot.backToSignIn')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField form={form} name="email" id="forgot-email" label={t('forgot.email')} />
      <Button type="submit" size="lg" disabled={request.isPending} className="mt-2 w-full">
        {request.isPending ? t('forgot.sending') : t('forgot.submit')}
      </Button>
      <AuthAside lead={t('forgot.remembered')} to={paths.login}>
        {t('forgot.signIn')}
      </AuthAside>
    </form>
  );
}
