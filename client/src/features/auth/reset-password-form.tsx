import { Link, useNavigate } from 'react-router';
import { passwordResetFormSchema } from '../../../../common/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useResetPassword } from './auth-api';

/** /reset-password?token=…: a new password, then sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useZodForm(passwordResetFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const notice = await reset.mutateAsync({ token, password });
      toast({ title: 'Password changed', description: notice.message });
      navigate(paths.login);
    } catch (err) {
      showServerFieldErrors(form, err, ['password']);
      toastError(
        errorMessage(err, 'Something went wrong. Please try again.'),
        'Could not change the password',
      );
    }
  });

  if (!token) {
    return (
      <p className="text-center">
        This link is incomplete.{' '}
        <Link
          to={paths.forgotPassword}
          className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          Ask for a new one
        </Link>
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        form={form}
        name="password"
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirmPassword"
        id="reset-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" disabled={reset.isPending} className="mt-2 w-full">
        {reset.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
      <p className="text-center text-sm text-muted">
        Link expired?{' '}
        <Link
          to={paths.forgotPassword}
          className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          Ask for a new one
        </Link>
      </p>
    </form>
  );
}
