import { changeEmailSchema, changePasswordFormSchema } from '../../../../common/auth';
import { mailSettingsSchema, type CurrentUser, type MailSettings } from '../../../../common/users';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { RadioCardsField, TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  useChangeEmail,
  useChangePassword,
  useMailSettings,
  useUpdateMailSettings,
} from './profile-api';

const failed = (err: unknown, title: string) =>
  toastError(errorMessage(err, 'Something went wrong. Please try again.'), title);

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const notice = await change.mutateAsync({ currentPassword, newPassword });
      toast({ title: 'Password changed', description: notice.message });
      form.reset();
    } catch (err) {
      showServerFieldErrors(form, err, ['currentPassword', 'newPassword']);
      failed(err, 'Could not change the password');
    }
  });
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
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const notice = await change.mutateAsync(values);
      toast({ title: 'Check your inbox', description: notice.message });
      form.reset();
    } catch (err) {
      showServerFieldErrors(form, err, ['email', 'currentPassword']);
      failed(err, 'Could not change the address');
    }
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

const mailOptions = [
  {
    value: 'immediately',
    label: 'Right away',
    hint: 'A few minutes after a message arrives, if you have not read it',
  },
  { value: 'daily', label: 'Daily digest', hint: 'Once a day, about unread messages' },
  { value: 'off', label: 'Off', hint: 'No emails about messages' },
] as const;

function MessageMailForm({ current }: { current: MailSettings }) {
  const update = useUpdateMailSettings();
  const form = useZodForm(mailSettingsSchema, { defaultValues: current });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Saved', description: 'Your email settings are saved.' });
    } catch (err) {
      failed(err, 'Could not save');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <RadioCardsField
        form={form}
        name="messageMail"
        id="message-mail"
        legend="Emails about new messages"
        options={mailOptions}
      />
      <Button type="submit" disabled={update.isPending} className="justify-self-start">
        {update.isPending ? 'Saving…' : 'Update email settings'}
      </Button>
    </form>
  );
}

/** /profile: password, address and email settings. */
export function AccountSettings({ user }: { user: CurrentUser }) {
  const settings = useMailSettings();
  return (
    <section aria-label="Account settings" className="grid gap-6 md:grid-cols-2">
      <Card className="p-5 sm:p-6">
        <ChangePasswordForm />
      </Card>
      <Card className="p-5 sm:p-6">
        <ChangeEmailForm user={user} />
      </Card>
      <Card className="p-5 sm:p-6 md:col-span-2">
        {settings.data ? (
          <MessageMailForm current={settings.data} />
        ) : (
          <p role="status">Loading…</p>
        )}
      </Card>
    </section>
  );
}
