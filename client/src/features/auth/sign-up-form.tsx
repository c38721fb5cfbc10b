import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signUpFormSchema } from '../../../../common/auth';
import { PASSWORD_MIN_LENGTH } from '../../../../common/constants';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage, isNetworkError } from '../../lib/api';
import { useSignUp } from './auth-api';
import { paths } from '../../lib/paths';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { withNextPath } from '../../../../common/return-path';
import { readArrival, type JoinArrival } from './arrivals';

const SENT_FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

const linkClass = 'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';

/**
 * The /signup form (spec §2, §5): on success the member signs in at /login. The way back
 * (`next`) goes with the sign-up, so the confirmation mail's link carries it too.
 */
export function SignUpForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const arrival = readArrival(useLocation().state);
  const signUp = useSignUp();
  const form = useZodForm(signUpFormSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      agreeTerms: arrival.agreedTerms === true,
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync({ ...values, next: next ?? undefined });
      toast({
        title: 'Account created successfully!',
        description: 'You can now log in with your credentials.',
      });
      // The sign-in form starts with the address just used, and says a link went there.
      navigate(withNextPath(paths.login, next), {
        state: { emailed: values.email } satisfies JoinArrival,
      });
    } catch (err) {
      if (isNetworkError(err)) {
        toastError('Network error. Please try again.', 'Sign up failed');
        return;
      }
      showServerFieldErrors({ setError }, err, SENT_FIELDS);
      toastError(errorMessage(err, 'Something went wrong'), 'Sign up failed');
    }
  });

  const busy = signUp.isPending;
  const e = errors;
  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="firstName"
            id="signup-first-name"
            label="First Name"
            autoComplete="given-name"
          />
          <TextField
            form={form}
            name="lastName"
            id="signup-last-name"
            label="Last Name"
            autoComplete="family-name"
          />
        </div>
        <TextField
          form={form}
          name="email"
          id="signup-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <TextField
          form={form}
          name="password"
          id="signup-password"
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          form={form}
          name="confirmPassword"
          id="signup-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <input
              id="signup-agree-terms"
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-accent"
              aria-invalid={e.agreeTerms ? true : undefined}
              aria-describedby={e.agreeTerms ? 'signup-agree-terms-error' : undefined}
              {...register('agreeTerms')}
            />
            <label htmlFor="signup-agree-terms" className="text-sm">
              I agree to the{' '}
              <Link to={paths.rules} className={linkClass}>
                Community Rules
              </Link>{' '}
              and{' '}
              <Link to={paths.privacy} className={linkClass}>
                Privacy Policy
              </Link>
            </label>
          </div>
          {e.agreeTerms && (
            <p id="signup-agree-terms-error" role="alert" className="text-sm text-danger">
              {e.agreeTerms.message}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={withNextPath(paths.login, next)} className={linkClass}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
