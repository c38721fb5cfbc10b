import type { FormEventHandler, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { changeEmailSchema, changePasswordFormSchema } from '../../../../common/members/auth';
import type { CurrentUser } from '../../../../common/members/users';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmailField, NewPasswordFields, PasswordField } from '../../components/ui/account-fields';
import { submitWith, useZodForm } from '../../lib/use-zod-form';
import { useChangeEmail, useChangePassword } from './account-api';

type Which = 'password' | 'email';

/** What both settings forms say when sent: words from `settings.<which>`; success empties it. */
function settingsOutcome(which: Which, t: TFunction<'account'>) {
  return {
    failure: t(`settings.${which}.failed`),
    success: t(`settings.${which}.success`),
    reset: true,
  };
}

/** The frame both settings forms share: the heading, the fields, the submit button. */
function SettingsForm({
  which,
  onSubmit,
  busy,
  children,
}: {
  which: Which;
  onSubmit: FormEventHandler;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  const headingId = `${which}-heading`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {t(`settings.${which}.heading`)}
      </h2>
      {children}
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? t(`settings.${which}.busy`) : t(`settings.${which}.submit`)}
      </Button>
    </form>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = submitWith(
    form,
    ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }),
    { fields: ['currentPassword', 'newPassword'], ...settingsOutcome('password', t) },
  );
  return (
    <SettingsForm which="password" onSubmit={onSubmit} busy={change.isPending}>
      <PasswordField
        form={form}
        name="currentPassword"
        id="current-password"
        label={t('settings.password.current')}
      />
      <NewPasswordFields
        form={form}
        name="newPassword"
        id="new-password"
        confirmId="confirm-new-password"
      />
    </SettingsForm>
  );
}

function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const form = useZodForm(changeEmailSchema, { defaultValues: { email: '', currentPassword: '' } });
  const onSubmit = submitWith(form, change.mutateAsync, {
    fields: ['email', 'currentPassword'],
    ...settingsOutcome('email', t),
  });
  return (
    <SettingsForm which="email" onSubmit={onSubmit} busy={change.isPending}>
      <p className="text-sm text-muted">{t('settings.email.now', { email: user.email })}</p>
      <EmailField form={form} name="email" id="new-email" label={t('settings.email.new')} />
      <PasswordField
        form={form}
        name="currentPassword"
        id="email-current-password"
        label={t('settings.email.current')}
      />
    </SettingsForm>
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
