import { Link, useNavigate } from 'react-router';
import { passwordResetFormSchema } from '../../../../common/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { paths } from '../../lib/paths';
import { submitWith, useZodForm } from '../../lib/use-zod-form';
import { useResetPassword } from './auth-api';
import { AuthAside, authLinkClass } from './auth-card';

/** /reset-password?token=…: a new password, then sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useZodForm(passwordResetFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = submitWith(form, ({ password }) => reset.mutateAsync({ token, password }), {
    fields: ['password'],
    failure: 'Could not change the password',
    success: 'Password changed',
    onSuccess: () => navigate(paths.login),
  });

  if (!token) {
    return (
      <p className="text-center">
        This link is incomplete.{' '}
        <Link to={paths.forgotPassword} className={authLinkClass}>
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
      <AuthAside lead="Link expired?" to={paths.forgotPassword}>
        Ask for a new one
      </AuthAside>
    </form>
  );
}
