import { useTranslation } from 'react-i18next';
import { changeEmailSchema, changePasswordFormSchema } from '../../../../common/auth';
import type { CurrentUser } from '../../../../common/users';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/form-controls';
import { submitWith, useZodForm } from '../../lib/use-zod-form';
import { useChangeEmail, useChangePassword } from './profile-api';

function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = submitWith(
    form,
    ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }),
    {
      fields: ['currentPassword', 'newPassword'],
      failure: t('settings.password.failed'),
      success: t('settings.password.success'),
      reset: true,
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        {t('settings.password.heading')}
      </h2>
      <TextField
        form={form}
        name="currentPassword"
        id="current-password"
        label={t('settings.password.current')}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        form={form}
        name="newPassword"
        id="new-password"
        label={t('settings.password.new')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirmPassword"
        id="confirm-new-password"
        label={t('settings.password.confirm')}
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? t('settings.password.busy') : t('settings.password.submit')}
      </Button>
    </form>
  );
}

function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const form = useZodForm(changeEmailSchema, { defaultValues: { email: '', currentPassword: '' } });
  const onSubmit = submitWith(form, change.mutateAsync, {
    fields: ['email', 'currentPassword'],
    failure: t('settings.email.failed'),
    success: t('settings.email.success'),
    reset: true,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-lg font-semibold">
        {t('settings.email.heading')}
      </h2>
      <p className="text-sm text-muted">{t('settings.email.now', { email: user.email })}</p>
      <TextField
        form={form}
        name="email"
        id="new-email"
        label={t('settings.email.new')}
        type="email"
        autoComplete="email"
      />
      <TextField
        form={form}
        name="currentPassword"
        id="email-current-password"
        label={t('settings.email.current')}
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? t('settings.email.busy') : t('settings.email.submit')}
      </Button>
    </form>
  );
}

/** /profile: password and address (email notifications have their own tab). */
export function AccountSettings({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  return (
    <section aria-label={t('settings.label')} className="grid gap-6 md:grid-cols-2">
      <Card className="p-5 sm:p-6">
        <ChangePasswordForm />
      </Card>
      <Card className="p-5 sm:p-6">
        <ChangeEmailForm user={user} />
      </Card>
    </section>
  );
}
