import { useState } from 'react';
import { Link } from 'react-router';
import { passwordResetRequestSchema } from '../../../../common/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { paths } from '../../lib/paths';
import { submitWith, useZodForm } from '../../lib/use-zod-form';
import { useRequestPasswordReset } from './auth-api';
import { AuthAside, authLinkClass } from './auth-card';

/** /forgot-password: asks for the address and says the same whatever it is. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: '' } });

  const onSubmit = submitWith(form, request.mutateAsync, {
    fields: ['email'],
    failure: 'Could not send',
    onSuccess: (notice) => setSent(notice.message),
  });

  if (sent) {
    return (
      <div className="grid gap-4 text-center" role="status">
        <p>{sent}</p>
        <p className="text-sm text-muted">
          Nothing arrived? Check your spam folder, or try again in a few minutes.
        </p>
        <Link to={paths.login} className={authLinkClass}>
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
      <AuthAside lead="Remembered it?" to={paths.login}>
        Sign in
      </AuthAside>
    </form>
  );
}
