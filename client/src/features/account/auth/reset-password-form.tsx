import { Link, useNavigate } from 'react-router';
import { passwordResetFormSchema } from '../../../../../common/members/auth';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/account-fields';
import { paths } from '../../../lib/paths';
import { textLinkClass } from '../../../lib/page-links';
import { submitWith, useZodForm } from '../../../lib/use-zod-form';
import { useResetPassword } from './auth-api';
import { AuthAside } from './auth-card';
import { useTranslation } from 'react-i18next';

/** /reset-password?token=…: a new password, then sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { t } = useTranslation('auth');
  const form = useZodForm(passwordResetFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = submitWith(form, ({ password }) => reset.mutateAsync({ token, password }), {
    fields: ['password'],
    failure: t('reset.failed'),
    success: t('reset.changed'),
    onSuccess: () => navigate(paths.login),
  });

  if (!token) {
    return (
      <p className="text-center">
        {t('reset.incomplete')}{' '}
        <Link to={paths.forgotPassword} className={textLinkClass}>
          {t('reset.askNew')}
        </Link>
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <NewPasswordFields
        form={form}
        name="password"
        id="reset-password"
        confirmId="reset-confirm-password"
      />
      <Button type="submit" size="lg" disabled={reset.isPending} className="mt-2 w-full">
        {reset.isPending ? t('reset.saving') : t('reset.submit')}
      </Button>
      <AuthAside lead={t('reset.expired')} to={paths.forgotPassword}>
        {t('reset.askNew')}
      </AuthAside>
    </form>
  );
}
