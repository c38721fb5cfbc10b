import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { KeyRound, MailCheck } from 'lucide-react';
import { signInSchema } from '../../../../common/auth';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage, isNetworkError } from '../../lib/api';
import { useSite } from '../../lib/site';
import { useSignIn } from './auth-api';
import { takeLoginError } from './login-error';
import { paths } from '../../lib/paths';
import { nextFromSearch } from '../../lib/sign-in-return';
import { withNextPath } from '../../../../common/return-path';
import { readArrival } from './arrivals';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';

/** The /login form: email and password, then home (spec §2, §4, §8). */
export function SignInForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Just signed up: the address used (router state, never the URL: decision 048).
  const { emailed } = readArrival(useLocation().state);
  const signIn = useSignIn();
  const { data: site } = useSite();
  const form = useZodForm(signInSchema, {
    defaultValues: { email: emailed ?? '', password: '' },
  });
  const { handleSubmit, setError } = form;

  useEffect(() => {
    // An external sign-in that failed comes back here with the server's reason.
    const reason = takeLoginError();
    if (reason) toastError(reason, 'Sign in failed');
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      toast({ title: 'Welcome back!', description: "You've been signed in successfully." });
      // Back to the page whose prompt asked for a sign-in.
      navigate(nextFromSearch(params));
    } catch (err) {
      if (isNetworkError(err)) {
        toastError('Network error. Please try again.', 'Sign in failed');
        return;
      }
      showServerFieldErrors({ setError }, err, ['email', 'password']);
      toastError(errorMessage(err, 'Invalid email or password'), 'Sign in failed');
    }
  });

  const busy = signIn.isPending;
  return (
    <div className="grid gap-6">
      {emailed && (
        <p
          role="status"
          className="flex items-start gap-3 rounded-xl bg-accent-soft p-3 text-sm wrap-anywhere"
        >
          <MailCheck
            className="mt-0.5 size-5 shrink-0 text-accent-hover dark:text-accent"
            aria-hidden
          />
          <span>
            We&apos;ve emailed <strong>{emailed}</strong> a link to confirm your account
          </span>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          form={form}
          name="email"
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
        />
        <TextField
          form={form}
          name="password"
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Link
          to={paths.forgotPassword}
          className="-mt-2 justify-self-end text-sm text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          Forgot password?
        </Link>
        <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>

      {site?.externalSignIn && (
        <>
          <div className="flex items-center gap-3 text-xs tracking-wide text-muted uppercase">
            <span className="h-px flex-1 bg-border" aria-hidden />
            or
            <span className="h-px flex-1 bg-border" aria-hidden />
          </div>
          {/* A full-page navigation: the provider's pages cannot load inside the app. */}
          <Button asChild variant="outline" size="lg" className="w-full">
            <a href={paths.externalSignIn}>
              <KeyRound className="size-4" aria-hidden />
              Sign in with {site.externalSignIn.name}
            </a>
          </Button>
        </>
      )}

      <p className="text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <Link
          to={withNextPath(paths.signup, params.get('next'))}
          className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          Sign up
        </Link>
      </p>
    </div>
  );
}
