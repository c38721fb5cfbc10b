import { useState } from 'react';
import { Link } from 'react-router';
import { passwordResetRequestSchema } from '../../../../common/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useRequestPasswordReset } from './auth-api';

/** /forgot-password: asks for the address and says the same whatever it is. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const notice = await request.mutateAsync(values);
      setSent(notice.message);
    } catch (err) {
      showServerFieldErrors(form, err, ['email']);
      toastError(errorMessage(err, 'Something went wrong. Please try again.'), 'Could not send');
    }
  });

  if (sent) {
    return (
      <div className="grid gap-4 text-center" role="status">
        <p>{sent}</p>
        <p className="text-sm text-muted">
          Nothing arrived? Check your spam folder, or try again in a few minutes.
        </p>
        <Link
          to={paths.login}
          className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        form={form}
        name="email"
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
      />
      <Button type="submit" size="lg" disabled={request.isPending} className="mt-2 w-full">
        {request.isPending ? 'Sending...' : 'Email Me a Link'}
      </Button>
      <p className="text-center text-sm text-muted">
        Remembered it?{' '}
        <Link
          to={paths.login}
          className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
