import { Link, useNavigate } from 'react-router';
import { signUpFormSchema } from '../../../../common/auth';
import { Button } from '../../components/ui/button';
import { Field, fieldAria, Input } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage, isNetworkError } from '../../lib/api';
import { useSignUp } from './auth-api';
import { paths } from '../../lib/paths';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';

const SENT_FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

const linkClass = 'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';

/** The /signup form (spec §2, §5): on success the member signs in at /login. */
export function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(signUpFormSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      agreeTerms: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      toast({
        title: 'Account created successfully!',
        description: 'You can now log in with your credentials.',
      });
      navigate(paths.login);
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
          <Field id="signup-first-name" label="First Name" error={e.firstName?.message}>
            <Input
              {...fieldAria('signup-first-name', e.firstName?.message)}
              autoComplete="given-name"
              {...register('firstName')}
            />
          </Field>
          <Field id="signup-last-name" label="Last Name" error={e.lastName?.message}>
            <Input
              {...fieldAria('signup-last-name', e.lastName?.message)}
              autoComplete="family-name"
              {...register('lastName')}
            />
          </Field>
        </div>
        <Field id="signup-email" label="Email" error={e.email?.message}>
          <Input
            {...fieldAria('signup-email', e.email?.message)}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        </Field>
        <Field
          id="signup-password"
          label="Password"
          hint="At least 8 characters"
          error={e.password?.message}
        >
          <Input
            {...fieldAria('signup-password', e.password?.message, true)}
            type="password"
            autoComplete="new-password"
            {...register('password')}
          />
        </Field>
        <Field
          id="signup-confirm-password"
          label="Confirm Password"
          error={e.confirmPassword?.message}
        >
          <Input
            {...fieldAria('signup-confirm-password', e.confirmPassword?.message)}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </Field>
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
        <Link to={paths.login} className={linkClass}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
