import { changeEmailSchema, changePasswordFormSchema } from '../../../../common/auth';
import type { CurrentUser } from '../../../../common/users';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/form-controls';
import { submitWith, useZodForm } from '../../lib/use-zod-form';
import { useChangeEmail, useChangePassword } from './profile-api';

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = submitWith(
    form,
    ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }),
    {
      fields: ['currentPassword', 'newPassword'],
      failure: 'Could not change the password',
      success: 'Password changed',
      reset: true,
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <TextField
        form={form}
        name="currentPassword"
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <TextField
        form={form}
        name="newPassword"
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirmPassword"
        id="confirm-new-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? 'Saving...' : 'Change Password'}
      </Button>
    </form>
  );
}

function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const change = useChangeEmail();
  const form = useZodForm(changeEmailSchema, { defaultValues: { email: '', currentPassword: '' } });
  const onSubmit = submitWith(form, change.mutateAsync, {
    fields: ['email', 'currentPassword'],
    failure: 'Could not change the address',
    success: 'Check your inbox',
    reset: true,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-lg font-semibold">
        Change email
      </h2>
      <p className="text-sm text-muted">
        Now: {user.email}. We&apos;ll email a link to the new address; it takes over once you open
        it.
      </p>
      <TextField
        form={form}
        name="email"
        id="new-email"
        label="New email"
        type="email"
        autoComplete="email"
      />
      <TextField
        form={form}
        name="currentPassword"
        id="email-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? 'Sending...' : 'Send Confirmation Link'}
      </Button>
    </form>
  );
}

/** /profile: password and address (email notifications have their own tab). */
export function AccountSettings({ user }: { user: CurrentUser }) {
  return (
    <section aria-label="Account settings" className="grid gap-6 md:grid-cols-2">
      <Card className="p-5 sm:p-6">
        <ChangePasswordForm />
      </Card>
      <Card className="p-5 sm:p-6">
        <ChangeEmailForm user={user} />
      </Card>
    </section>
  );
}
